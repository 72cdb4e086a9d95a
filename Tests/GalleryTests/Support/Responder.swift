import OperatingSystem
import Testing

/// Records calls by key and answers each either at once (from `immediate`) or when the test calls
/// `resolve`, so tests control timing without sleeping. Held calls observe task cancellation:
/// a cancelled call is recorded in `cancelledKeys` and throws `CancellationError`.
final class Responder<Value: Sendable>: Sendable {
    typealias Answer = @Sendable (String) -> Result<Value, any Error>

    private struct Waiter {
        let key: String
        let continuation: CheckedContinuation<Value, any Error>
    }

    /// What a test may wait for: the calls so far, those held, those cancelled.
    struct Record {
        let calls: [String]
        let pendingKeys: [String]
        let cancelledKeys: [String]
    }

    private struct Watcher {
        let condition: @Sendable (Record) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var immediate: Answer?
        var calls: [String] = []
        var cancelledKeys: [String] = []
        var waiters: [Int: Waiter] = [:]
        var cancelledIDs: Set<Int> = []
        var nextID = 0
        var watchers: [Int: Watcher] = [:]

        var record: Record {
            Record(calls: calls, pendingKeys: waiters.sorted { $0.key < $1.key }.map(\.value.key), cancelledKeys: cancelledKeys)
        }

        /// The watchers whose condition holds now, taken out to be resumed outside the lock.
        mutating func satisfiedWatchers() -> [Watcher] {
            guard !watchers.isEmpty else { return [] }
            let record = self.record
            let done = watchers.filter { $0.value.condition(record) }
            for id in done.keys { watchers[id] = nil }
            return Array(done.values)
        }
    }

    private let state: Locked<State>

    /// Changes the state under the lock, then resumes the waits it satisfied.
    private func change<T>(_ body: (inout State) -> T) -> T {
        let (result, satisfied) = state.withLock { state in (body(&state), state.satisfiedWatchers()) }
        for watcher in satisfied { watcher.continuation.resume(returning: true) }
        return result
    }

    /// Resumes once `condition` holds of the calls (checked at every call, answer and
    /// cancellation); records an issue and returns false after `timeout` without it. Tests await a
    /// call this way, not by polling.
    @discardableResult
    func until(timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: @escaping @Sendable (Record) -> Bool) async -> Bool {
        let held = await wait(timeout: timeout, condition)
        if !held { Issue.record("calls not as expected within \(timeout): \(state.withLock { $0.record })", sourceLocation: sourceLocation) }
        return held
    }

    private func wait(timeout: Duration, _ condition: @escaping @Sendable (Record) -> Bool) async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [state] in
            try? await Task.sleep(for: timeout)
            state.withLock { $0.watchers.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let holds = state.withLock { state -> Bool in
                if condition(state.record) { return true }
                state.watchers[id] = Watcher(condition: condition, continuation: continuation)
                return false
            }
            if holds { continuation.resume(returning: true) }
        }
    }

    init(immediate: Answer? = nil) {
        state = Locked(State(immediate: immediate))
    }

    deinit {
        // Never leak a continuation, even when a test ends with calls still held.
        let (waiters, watchers) = state.withLock { ($0.waiters.values, $0.watchers.values) }
        for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
        for watcher in watchers { watcher.continuation.resume(returning: false) }
    }

    /// Every call so far, in order. A held call is listed once it is waiting for `resolve`.
    var calls: [String] { state.withLock { $0.calls } }
    /// Keys of held calls whose task was cancelled.
    var cancelledKeys: [String] { state.withLock { $0.cancelledKeys } }
    /// Keys of calls waiting for `resolve`.
    var pendingKeys: [String] { state.withLock { $0.record.pendingKeys } }

    /// From now on, answer calls at once (nil: hold them).
    func answerImmediately(_ answer: Answer?) {
        state.withLock { $0.immediate = answer }
    }

    func call(_ key: String) async throws -> Value {
        let (id, immediate) = change { state -> (Int, Answer?) in
            state.nextID += 1
            if state.immediate != nil { state.calls.append(key) }
            return (state.nextID, state.immediate)
        }
        if let immediate { return try immediate(key).get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = change { state -> Bool in
                    state.calls.append(key)
                    if state.cancelledIDs.contains(id) { return true }
                    state.waiters[id] = Waiter(key: key, continuation: continuation)
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = change { state -> Waiter? in
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
        let waiter = change { state -> Waiter? in
            guard let id = state.waiters.filter({ $0.value.key == key }).keys.min() else { return nil }
            return state.waiters.removeValue(forKey: id)
        }
        guard let waiter else { return false }
        waiter.continuation.resume(with: result)
        return true
    }
}
