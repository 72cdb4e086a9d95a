/// Waits for a state that changes only in an update function: each wait's condition is checked
/// after every update (`check`), so a test awaits the state it expects instead of polling for it.
@MainActor
final class UpdateWaiters {
    private struct Waiter {
        let condition: @MainActor () -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        let timeout: Task<Void, Never>
    }

    private var waiters: [Int: Waiter] = [:]
    private var lastID = 0

    /// A state that goes away ends its waits: false, as after their timeout.
    isolated deinit {
        for waiter in waiters.values {
            waiter.timeout.cancel()
            waiter.continuation.resume(returning: false)
        }
    }

    /// Resumes once `condition` holds after an update (at once when it holds now); false after
    /// `timeout` without it.
    func until(timeout: Duration, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        if condition() { return true }
        lastID += 1
        let id = lastID
        return await withCheckedContinuation { continuation in
            let timeout = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                self?.waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
            }
            waiters[id] = Waiter(condition: condition, continuation: continuation, timeout: timeout)
        }
    }

    /// Resumes the waits whose condition holds now.
    func check() {
        guard !waiters.isEmpty else { return }
        for (id, waiter) in waiters where waiter.condition() {
            waiters[id] = nil
            waiter.timeout.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}

/// A state changed only by an update function that checks `updates` after each message: what
/// `PhotosViewModel` and `PhotoDetailViewModel` are.
@MainActor
protocol UpdatedByMessages: AnyObject {
    /// The waits for the state, checked after every update.
    var updates: UpdateWaiters { get }
}

extension UpdatedByMessages {
    /// Waits until `condition` holds, checked after every update, for at most `timeout`; false
    /// when it never did. Tests await the state this way instead of polling it.
    func waitUntil(timeout: Duration, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        await updates.until(timeout: timeout, condition)
    }
}

/// Numbers the requests a state starts (a page, a picture, a step), so that an answer names the
/// request it answers and one for a request dropped since is told apart.
struct RequestNumbers {
    private var last = 0

    /// A number no request had before.
    mutating func next() -> Int {
        last += 1
        return last
    }
}
