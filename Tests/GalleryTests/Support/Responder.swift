import OperatingSystem

/// Records calls by key and answers each either at once (from `immediate`) or when the test calls
/// `resolve`, so tests control timing without sleeping. Held calls observe task cancellation:
/// a cancelled call is recorded in `cancelledKeys` and throws `CancellationError`.
final class Responder<Value: Sendable>: Sendable {
    typealias Answer = @Sendable (String) -> Result<Value, any Error>

    private struct Waiter {
        let key: String
        let continuation: CheckedContinuation<Value, any Error>
    }

    private struct State {
        var immediate: Answer?
        var calls: [String] = []
        var cancelledKeys: [String] = []
        var waiters: [Int: Waiter] = [:]
        var cancelledIDs: Set<Int> = []
        var nextID = 0
    }

    private let state: Locked<State>

    init(immediate: Answer? = nil) {
        state = Locked(State(immediate: immediate))
    }

    deinit {
        // Never leak a continuation, even when a test ends with calls still held.
        let waiters = state.withLock { $0.waiters.values }
        for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
    }

    /// Every call so far, in order. A held call is listed once it is waiting for `resolve`.
    var calls: [String] { state.withLock { $0.calls } }
    /// Keys of held calls whose task was cancelled.
    var cancelledKeys: [String] { state.withLock { $0.cancelledKeys } }
    /// Keys of calls waiting for `resolve`.
    var pendingKeys: [String] { state.withLock { $0.waiters.sorted { $0.key < $1.key }.map(\.value.key) } }

    /// From now on, answer calls at once (nil: hold them).
    func answerImmediately(_ answer: Answer?) {
        state.withLock { $0.immediate = answer }
    }

    func call(_ key: String) async throws -> Value {
        let (id, immediate) = state.withLock { state -> (Int, Answer?) in
            state.nextID += 1
            if state.immediate != nil { state.calls.append(key) }
            return (state.nextID, state.immediate)
        }
        if let immediate { return try immediate(key).get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = state.withLock { state -> Bool in
                    state.calls.append(key)
                    if state.cancelledIDs.contains(id) { return true }
                    state.waiters[id] = Waiter(key: key, continuation: continuation)
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                state.cancelledIDs.insert(id)
                state.cancelledKeys.append(key)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Answers the oldest held call for `key`. Returns false when none is waiting.
    @discardableResult
    func resolve(_ key: String, with result: Result<Value, any Error>) -> Bool {
        let waiter = state.withLock { state -> Waiter? in
            guard let id = state.waiters.filter({ $0.value.key == key }).keys.min() else { return nil }
            return state.waiters.removeValue(forKey: id)
        }
        guard let waiter else { return false }
        waiter.continuation.resume(with: result)
        return true
    }
}
