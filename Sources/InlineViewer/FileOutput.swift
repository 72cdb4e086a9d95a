import Glibc

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

    /// Writes all of `bytes`, retrying short writes and EINTR; gives up silently on any other error
    /// (a closed pipe has no reader to tell).
    @discardableResult
    public func write(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
