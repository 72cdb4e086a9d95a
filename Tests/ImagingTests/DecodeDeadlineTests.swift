import Dispatch
import Imaging
import Testing

@Suite struct DecodeDeadlineTests {
    @Test func aDecodeWithinTheLimitGivesItsResultOrItsError() throws {
        #expect(try DecodeDeadline.run(within: .seconds(5)) { 42 } == 42)
        #expect(throws: ImageError.empty) { try DecodeDeadline.run(within: .seconds(5)) { () throws -> Int in throw ImageError.empty } }
    }

    @Test func aDecodePastTheLimitIsLeftUnfinishedAndSaidSo() throws {
        // The work waits for a signal that comes only after the refusal: it is still running
        // when `run` returns, and the wait was the limit's, not the work's.
        let release = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        #expect(throws: ImageError.overBudget("not decoded within 0 s; left unfinished")) {
            try DecodeDeadline.run(within: .milliseconds(200)) { () -> Int in
                release.wait()
                return 1
            }
        }
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(200) && waited < .seconds(5), "\(waited)")
        release.signal()
    }

    @Test func aTaskIsAnsweredAtTheDeadlineWhileTheDecodeRunsOn() async throws {
        let release = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        await #expect(throws: ImageError.overBudget("not decoded within 0 s; left unfinished")) {
            try await DecodeDeadline.value(within: .milliseconds(200)) { () -> Int in
                release.wait()
                return 1
            }
        }
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(200) && waited < .seconds(5), "\(waited)")
        release.signal()
        #expect(try await DecodeDeadline.value(within: .seconds(5)) { 7 } == 7)
    }

    @Test func aCancelledTaskIsAnsweredAtOnce() async throws {
        let release = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        let task = Task {
            try await DecodeDeadline.value(within: .seconds(30)) { () -> Int in
                release.wait()
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - start < .seconds(5))
        release.signal()
    }
}
