import Glibc

/// The one place a system call interrupted by a signal is made again, so no caller loops on
/// `errno` itself.
public enum SystemCall {
    /// Returns what `call` returned, calling it again while it fails with EINTR (a signal arrived
    /// before it did anything); a -1 with any other `errno` throws, naming `operation` and `path`.
    public static func retryingInterrupts<Result: BinaryInteger>(
        _ operation: String, path: String? = nil, _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            guard result == -1 else { return result }
            guard errno == EINTR else { throw SystemError.last(operation, path: path) }
        }
    }
}
