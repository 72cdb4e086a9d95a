import Glibc

extension File {
    /// Writes `bytes` to `path` so that a reader never sees a partial file under that name: they
    /// go to a temporary file in the same folder (the same file system, so the rename is atomic),
    /// are flushed to the disk, and only then renamed over `path`. On failure nothing is left
    /// behind, not even the temporary file.
    public static func writeAtomically(_ bytes: [UInt8], to path: FilePath, permissions: UInt32 = 0o644) throws(SystemError) {
        // A name alone is in the current folder.
        let folder: FilePath = path.bytes.contains(UInt8(ascii: "/")) ? path.parent : "."
        let suffix = Array(".XXXXXX.part".utf8)
        var template = (folder.appending(FilePath(bytes: [UInt8(ascii: ".")] + path.name.bytes)).bytes + suffix)
            .map { CChar(bitPattern: $0) } + [0]
        let made = try SystemCall.retryingInterrupts("create a file in", path: folder.description) {
            template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
        }
        let temporary = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        let descriptor = FileDescriptor(made, path: temporary.description)
        do {
            try descriptor.write(all: bytes)
            _ = try SystemCall.retryingInterrupts("chmod", path: temporary.description) { fchmod(made, permissions) }
            _ = try SystemCall.retryingInterrupts("flush", path: temporary.description) { fsync(made) }
        } catch {
            try? descriptor.close()
            _ = temporary.withCString { unlink($0) }
            throw error
        }
        do {
            try descriptor.close()
            _ = try SystemCall.retryingInterrupts("rename to", path: path.description) {
                temporary.withCString { from in path.withCString { to in Glibc.rename(from, to) } }
            }
        } catch {
            _ = temporary.withCString { unlink($0) }
            throw error
        }
    }

    public static func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o644) throws(SystemError) {
        try writeAtomically(bytes, to: FilePath(path), permissions: permissions)
    }

    /// Creates `path` and its missing parents (like `mkdir -p`).
    public static func makeDirectories(_ path: FilePath, permissions: UInt32 = 0o755) throws(SystemError) {
        var current: FilePath = path.isAbsolute ? "/" : "."
        for component in path.bytes.split(separator: UInt8(ascii: "/")) {
            current = current.appending(FilePath(bytes: component))
            if current.withCString({ mkdir($0, permissions) }) != 0 && errno != EEXIST {
                throw SystemError.last("create the directory", path: current.description)
            }
        }
    }

    public static func makeDirectories(_ path: String, permissions: UInt32 = 0o755) throws(SystemError) {
        try makeDirectories(FilePath(path), permissions: permissions)
    }
}
