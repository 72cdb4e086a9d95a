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
}
