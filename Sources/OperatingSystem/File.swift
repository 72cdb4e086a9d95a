import Glibc

/// Operations on files named by path.
public enum File {
    /// The whole of the file at `path`, opened as `FileDescriptor.open`'s `.reading` says (a FIFO in
    /// a folder, a socket or a device refused by its type, a folder with EISDIR). One with more
    /// than `maxBytes` bytes fails with EFBIG (`SystemError.isFileTooLarge`): a regular file before
    /// anything is read, a pipe once that much was read, or with ETIMEDOUT when nothing came in 10 s.
    public static func read(_ path: FilePath, maxBytes: Int) throws(SystemError) -> [UInt8] {
        let descriptor = try FileDescriptor.open(path)
        defer { try? descriptor.close() }
        let status = try descriptor.status()
        if status.isPipe { try descriptor.wait(forPipe: .seconds(10)) }
        guard status.kind != .regular || status.size <= maxBytes else { throw tooLarge(path) }
        // One byte past the cap: a file that fills it has more than `maxBytes`.
        let limit = maxBytes == .max ? .max : maxBytes + 1
        let bytes = try descriptor.read(upTo: limit)
        guard bytes.count <= maxBytes else { throw tooLarge(path) }
        return bytes
    }

    public static func read(_ path: String, maxBytes: Int) throws(SystemError) -> [UInt8] {
        try read(FilePath(path), maxBytes: maxBytes)
    }

    static func tooLarge(_ path: FilePath) -> SystemError {
        SystemError(code: EFBIG, operation: "read", path: path.description)
    }

    /// Writes `bytes` to `path`, opened as `opening` says; not atomic (see `writeAtomically`).
    public static func write(_ bytes: [UInt8], to path: FilePath, _ opening: FileDescriptor.Opening) throws(SystemError) {
        let descriptor = try FileDescriptor.open(path, opening)
        do {
            try descriptor.write(all: bytes)
        } catch {
            try? descriptor.close()
            throw error
        }
        try descriptor.close()
    }

    public static func write(_ bytes: [UInt8], to path: String, _ opening: FileDescriptor.Opening) throws(SystemError) {
        try write(bytes, to: FilePath(path), opening)
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The path of the program `name` in the first folder of `searchPath` (a `PATH`-style list)
    /// that has it; nil when none has.
    public static func program(_ name: String, searchPath: String) -> String? {
        searchPath.split(separator: ":").lazy.filter { !$0.isEmpty }.map { "\($0)/\(name)" }.first(where: isExecutable)
    }

    /// Renames `source` to `destination`, replacing a file there.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        _ = try SystemCall.retryingInterrupts("rename to", path: destination) { Glibc.rename(source, destination) }
    }

    public static func remove(_ path: FilePath) throws(SystemError) {
        _ = try SystemCall.retryingInterrupts("remove", path: path.description) { path.withCString { unlink($0) } }
    }

    public static func remove(_ path: String) throws(SystemError) {
        try remove(FilePath(path))
    }

    /// Sets the modification time to now.
    public static func touch(_ path: String) throws(SystemError) {
        _ = try SystemCall.retryingInterrupts("touch", path: path) { utimensat(AT_FDCWD, path, nil, 0) }
    }
}
