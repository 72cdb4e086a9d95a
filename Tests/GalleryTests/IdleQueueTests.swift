import OperatingSystem
import Testing
@testable import Gallery

@Suite struct IdleQueueTests {
    @Test func jobsWaitForTheRendersAndRunOneAtATimeInOrder() async throws {
        let limiter = RenderLimiter(limit: 1)
        let queue = IdleQueue(limiter: limiter, capacity: 2)
        let done = Locked<[Int]>([])
        try await limiter.acquire()
        #expect(queue.enqueue { done.withLock { $0.append(1) } })
        #expect(queue.enqueue { done.withLock { $0.append(2) } })
        #expect(!queue.enqueue { done.withLock { $0.append(3) } }, "a full queue drops the job")
        try await Task.sleep(for: .milliseconds(150))
        #expect(done.withLock { $0 }.isEmpty, "nothing runs while a render does")
        limiter.release()
        for _ in 0..<100 where done.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(done.withLock { $0 } == [1, 2])
    }

    /// Between two renders of a screen the limiter is empty for a moment: no job starts there.
    @Test func aMomentWithoutRendersIsNotIdleEnough() async throws {
        let limiter = RenderLimiter(limit: 1)
        let queue = IdleQueue(limiter: limiter, quiet: .milliseconds(300))
        let done = Locked(false)
        try await limiter.acquire()
        queue.enqueue { done.withLock { $0 = true } }
        // Renders one after the other, each ending 60 ms after the last, with gaps between them.
        for _ in 0..<6 {
            limiter.release()
            try await Task.sleep(for: .milliseconds(30))
            try await limiter.acquire()
            try await Task.sleep(for: .milliseconds(30))
        }
        #expect(!done.withLock { $0 }, "a job ran in a gap between renders")
        limiter.release()
        for _ in 0..<100 where !done.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(done.withLock { $0 }, "the job runs once the renders have stopped")
    }
}
