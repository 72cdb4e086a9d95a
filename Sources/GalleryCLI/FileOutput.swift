import Glibc

/// Unbuffered writes to a file descriptor, for messages printed before or after the UI owns the tty.
struct FileOutput: Sendable {
    let descriptor: Int32
    static let standardError = FileOutput(descriptor: 2)

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }
}
