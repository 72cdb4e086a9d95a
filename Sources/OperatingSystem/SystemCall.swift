import Glibc

/// The one place a system call interrupted by a signal is made again, so no caller loops on
/// `errno` itself.
public enum SystemCall {
    /// Returns what `call` returned, calling it again while it fails with EINTR (a signal arrived
    /// before it did anything); a -1 with any other `errno` throws, naming `operation` and `path`.
    /// `path` is made only for an error: a library's listing makes 100,000 calls that succeed.
    public static func retryingInterrupts<Result: BinaryInteger>(
        _ operation: String, path: @autoclosure () -> String? = nil, _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            guard result == -1 else { return result }
            let code = errno
            guard code == EINTR else { throw SystemError(code: code, operation: operation, path: path()) }
        }
    }
}
