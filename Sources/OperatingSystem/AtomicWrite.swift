import Glibc

extension File {
    /// Writes `bytes` to `path` so that a reader never sees a partial file under that name: they
    /// go to a temporary file in the same folder (the same file system, so the rename is atomic),
    /// are flushed to the disk, and only then renamed over `path`. On failure nothing is left
    /// behind, not even the temporary file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o644) throws(SystemError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).XXXXXX.part".utf8CString)
        let made = try SystemCall.retryingInterrupts("create a file in", path: folder) {
            template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let descriptor = FileDescriptor(made, path: temporary)
        do {
            try descriptor.write(all: bytes)
            _ = try SystemCall.retryingInterrupts("chmod", path: temporary) { fchmod(made, permissions) }
            _ = try SystemCall.retryingInterrupts("flush", path: temporary) { fsync(made) }
        } catch {
            try? descriptor.close()
            unlink(temporary)
            throw error
        }
        do {
            try descriptor.close()
            try rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
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
