import Dispatch
import Glibc

extension Range where Bound == Int {
    /// `transform` of each index, in order, computed in as many contiguous parts as there are
    /// cores, each of at least `minimumPerThread` indices (one part, on the calling thread, when
    /// the range is smaller). For work that waits on the kernel, such as a file's system calls.
    public func concurrentMap<T: Sendable>(minimumPerThread: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        concurrentMapParts(minimumPerThread: minimumPerThread) { $0.map(transform) }
    }

    /// `transform` of the range in as many contiguous parts as there are cores, each of at least
    /// `minimumPerThread` indices, each giving one result per index; the results in order. For
    /// work done better a part at a time than an index at a time, such as a lock taken once for
    /// a part's look-ups rather than once per index by each thread in turn.
    public func concurrentMapParts<T: Sendable>(minimumPerThread: Int, _ transform: @Sendable (Range<Int>) -> [T]) -> [T] {
        let threads = Swift.min(Self.cores, count / Swift.max(1, minimumPerThread))
        guard threads > 1 else { return transform(self) }
        let parts = Locked([[T]](repeating: [], count: threads))
        let (start, count) = (lowerBound, count)
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            let range = start + count * part / threads ..< start + count * (part + 1) / threads
            let made = transform(range)
            precondition(made.count == range.count, "concurrentMapParts: a part gave \(made.count) results for \(range.count) indices")
            parts.withLock { $0[part] = made }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    private static var cores: Int { Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
