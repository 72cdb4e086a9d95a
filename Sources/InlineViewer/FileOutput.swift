import OperatingSystem
import TerminalVocabulary

/// Unbuffered writes to a file descriptor, for messages printed before or after the UI owns the tty,
/// and for `gallery view`, which hands each image to the kernel in one call.
public struct FileOutput: Sendable {
    public let descriptor: Int32
    public static let standardOutput = FileOutput(descriptor: 1)
    public static let standardError = FileOutput(descriptor: 2)

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes `gallery: message` as one line, with what could act on the terminal or break the
    /// line shown escaped (`escapedForTerminal`): a file's name or a library's words may hold both.
    public func report(_ message: String) {
        write(escapedForTerminal("gallery: " + message) + "\n")
    }

    /// Writes all of `bytes`; gives up silently on an error (a closed pipe has no reader to tell).
    @discardableResult
    public func write(bytes: [UInt8]) -> Bool {
        (try? FileDescriptor(descriptor).write(all: bytes)) != nil
    }
}
