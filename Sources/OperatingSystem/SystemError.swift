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

    /// What the file turned out to be when a file of bytes was wanted (`FileDescriptor.open`'s
    /// `.reading`): it was refused by its type, not opened.
    public let notAFile: FileStatus.Special?

    public init(code: Int32, operation: String, path: String? = nil) {
        self.code = code
        self.operation = operation
        self.path = path
        notAFile = nil
    }

    /// A FIFO, a socket or a device where a file was to be read: refused before it is opened.
    init(notAFile special: FileStatus.Special, operation: String, path: String?) {
        code = EINVAL
        self.operation = operation
        self.path = path
        notAFile = special
    }

    /// The failure of the call that just returned, from `errno`: read it before any other call.
    static func last(_ operation: String, path: String?) -> SystemError {
        SystemError(code: errno, operation: operation, path: path)
    }

    /// The C library's words for the error, as `strerror` gives them ("No such file or directory").
    /// For a file refused by its type, what it is instead: "a FIFO, not a file".
    public var reason: String { notAFile.map { "\($0), not a file" } ?? String(cString: strerror(code)) }

    /// A file had more bytes than the cap its reader set (EFBIG).
    public var isFileTooLarge: Bool { code == EFBIG }
    /// A FIFO, a socket or a device was refused where a file was to be read.
    public var isNotAFile: Bool { notAFile != nil }
    /// No file or folder has the name (ENOENT).
    public var isNotFound: Bool { code == ENOENT }
    /// Nothing came in the time given (ETIMEDOUT): a FIFO nobody writes to.
    public var isTimedOut: Bool { code == ETIMEDOUT }

    /// A sentence for a message: "cannot open /tmp/x: No such file or directory".
    public var description: String {
        "cannot \(operation)\(path.map { " " + $0 } ?? ""): \(reason)"
    }
}
