import Dispatch
import Glibc

extension Range where Bound == Int {
    /// `transform` of each index, in order, computed in as many contiguous parts as there are
    /// cores, each of at least `minimumPerThread` indices (one part, on the calling thread, when
    /// the range is smaller). For work that waits on the kernel, such as a file's system calls.
    public func concurrentMap<T: Sendable>(minimumPerThread: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let threads = Swift.min(Self.cores, count / Swift.max(1, minimumPerThread))
        guard threads > 1 else { return map(transform) }
        let parts = Locked([[T]](repeating: [], count: threads))
        let (start, count) = (lowerBound, count)
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            let made = (start + count * part / threads ..< start + count * (part + 1) / threads).map(transform)
            parts.withLock { $0[part] = made }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    private static var cores: Int { Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
