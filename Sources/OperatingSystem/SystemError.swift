import Glibc

/// A system call that failed: what was being done, to which file, and the `errno` it left. Every
/// wrapper in this module throws it, so a caller reads one shape whatever the call was.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32
    /// What was being done, as the verb of a sentence: "open", "rename to", "create the directory".
    public let operation: String
    /// The file the call was about, when there is one.
    public let path: String?

    public init(code: Int32, operation: String, path: String? = nil) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// The failure of the call that just returned, from `errno`: read it before any other call.
    static func last(_ operation: String, path: String?) -> SystemError {
        SystemError(code: errno, operation: operation, path: path)
    }

    /// The C library's words for the error, as `strerror` gives them ("No such file or directory").
    public var reason: String { String(cString: strerror(code)) }

    /// A file had more bytes than the cap its reader set (EFBIG).
    public var isFileTooLarge: Bool { code == EFBIG }
    /// Nothing came in the time given (ETIMEDOUT): a FIFO nobody writes to.
    public var isTimedOut: Bool { code == ETIMEDOUT }

    /// A sentence for a message: "cannot open /tmp/x: No such file or directory".
    public var description: String {
        "cannot \(operation)\(path.map { " " + $0 } ?? ""): \(reason)"
    }
}
