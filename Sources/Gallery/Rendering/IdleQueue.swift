import OperatingSystem

/// Work that may wait (writing desktop thumbnails): run one job at a time, each once no render has
/// run or waited for `quiet`, so it never slows the pictures being drawn: written alongside the
/// renders, the thumbnails made a cold first screen of large photos markedly slower (BENCHMARKS.md,
/// "Figures behind the code's comments"). Waiting only for a moment with no render was not enough:
/// such moments come between a screen's renders, and a job started in one ran beside the rest.
/// At most `capacity` jobs wait; more are dropped (a thumbnail not written is made on another
/// visit), so scrolling through a large folder cannot pile up pixels.
final class IdleQueue: Sendable {
    static let shared = IdleQueue(limiter: .shared)

    let capacity: Int
    private let limiter: RenderLimiter
    private let state = Locked(State())

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var draining = false
    }

    /// How long the renders must have been idle before a job starts.
    let quiet: Duration

    init(limiter: RenderLimiter, capacity: Int = 64, quiet: Duration = .milliseconds(100)) {
        self.limiter = limiter
        self.capacity = capacity
        self.quiet = quiet
    }

    /// Queues `job`; false when the queue was full and it was dropped.
    @discardableResult
    func enqueue(_ job: @escaping @Sendable () -> Void) -> Bool {
        let (queued, start) = state.withLock { state -> (Bool, Bool) in
            guard state.jobs.count < capacity else { return (false, false) }
            state.jobs.append(job)
            defer { state.draining = true }
            return (true, !state.draining)
        }
        if start { Task.detached(priority: .background) { await self.drain() } }
        return queued
    }

    private func drain() async {
        while true {
            while !limiter.isIdle(for: quiet) { try? await Task.sleep(for: .milliseconds(20)) }
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.jobs.isEmpty else {
                    state.draining = false
                    return nil
                }
                return state.jobs.removeFirst()
            }
            guard let job else { return }
            job()
        }
    }
}
