import Dispatch
import OperatingSystem
import Testing

@Suite struct LockedTests {
    /// Two threads adding under the lock lose no update (run under ThreadSanitizer by `make
    /// sanitize`, where the toolchain's `Mutex` reported this very pattern as a race).
    @Test func updatesFromTwoThreadsAreNotLost() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<50_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 100_000)
    }

    @Test func itHandsBackWhatTheBodyReturnsAndRethrows() throws {
        struct Refused: Error {}
        let names = Locked(["a"])
        #expect(names.withLock { $0.append("b"); return $0.count } == 2)
        #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
