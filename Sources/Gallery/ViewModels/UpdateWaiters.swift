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
