import Glibc
import OperatingSystem
import Testing

@Suite struct ConcurrentMapTests {
    /// Split into parts or not, the result is `map`'s: every index once, in order.
    @Test(arguments: [0..<0, 0..<1, 0..<999, 0..<1_000, 3..<4_003, 7..<10_008])
    func itIsMapInOrder(range: Range<Int>) {
        #expect(range.concurrentMap(minimumPerThread: 500) { $0 * 3 + 1 } == range.map { $0 * 3 + 1 })
    }

    /// Parts cover the range once, contiguous and in order, each of at least the minimum, and
    /// their results join in order.
    @Test(arguments: [0..<0, 0..<1, 0..<999, 3..<4_003, 7..<10_008])
    func partsCoverTheRangeInOrder(range: Range<Int>) {
        let seen = Locked<[Range<Int>]>([])
        let made = range.concurrentMapParts(minimumPerThread: 500) { part in
            seen.withLock { $0.append(part) }
            return part.map { $0 * 3 + 1 }
        }
        #expect(made == range.map { $0 * 3 + 1 })
        let parts = seen.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(parts.first?.lowerBound ?? range.lowerBound == range.lowerBound)
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(parts.last?.upperBound ?? range.upperBound == range.upperBound)
        #expect(parts.count == 1 || parts.allSatisfy { $0.count >= 500 })
    }

    /// With more than one core and enough work, the parts run on more than one thread (they wait
    /// for each other here, so one thread doing them all in turn would never finish).
    @Test(.enabled(if: sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1, "one core: nothing to run beside"))
    func partsRunAtOnce() {
        let started = Locked(0)
        let threads = (0..<2_000).concurrentMap(minimumPerThread: 1_000) { index -> Int in
            if index % 1_000 == 0 {
                started.withLock { $0 += 1 }
                let deadline = ContinuousClock.now + .seconds(5)
                while started.withLock({ $0 }) < 2 && ContinuousClock.now < deadline { usleep(100) }
            }
            return started.withLock { $0 }
        }
        #expect(threads.allSatisfy { $0 == 2 }, "each part saw the other start")
    }

    /// A small range stays on the calling thread.
    @Test func aSmallRangeIsOnePart() {
        let caller = pthread_self()
        let same = (0..<10).concurrentMap(minimumPerThread: 1_000) { _ in pthread_equal(pthread_self(), caller) != 0 }
        #expect(same.allSatisfy { $0 })
    }
}
