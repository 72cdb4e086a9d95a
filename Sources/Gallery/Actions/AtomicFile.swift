import Glibc

/// Writes files so that a reader never sees a partial one under the final name: the bytes go to a
/// temporary file in the same directory (same file system, so the rename is atomic), are flushed,
/// and only then renamed over the final path.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let operation: String
        let code: Int32

        var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes `bytes` to `path` atomically; on failure nothing is left behind, not even the temporary file.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX.part".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
        guard fd >= 0 else { throw WriteError(path: directory, operation: "create a file in", code: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try writeAll(bytes, to: fd, path: temporary)
            guard fchmod(fd, 0o644) == 0 else { throw WriteError(path: temporary, operation: "chmod", code: errno) }
            guard fsync(fd) == 0 else { throw WriteError(path: temporary, operation: "flush", code: errno) }
            guard close(fd) == 0 else { throw WriteError(path: temporary, operation: "close", code: errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, operation: "rename to", code: code)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw WriteError(path: path, operation: "write", code: n < 0 ? errno : EIO) }
                done += n
            }
        }
    }

    /// Creates `path` and its missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: current, operation: "create the directory", code: errno)
            }
        }
    }
}
