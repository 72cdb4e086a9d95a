import Glibc

/// A value that several threads share, reached only under its lock: what `Synchronization.Mutex`
/// offers, on a `pthread_mutex_t`. The toolchain's `Mutex` takes its lock with futex calls that
/// ThreadSanitizer cannot see, so it reported every access made under one as a race; pthread's
/// lock it intercepts, which keeps `make sanitize` meaningful.
public final class Locked<Value>: @unchecked Sendable {
    // Both only under `mutex`, which lives at a fixed address (a pthread mutex must not move).
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not take it again.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
