import Foundation

/// The few POSIX file operations the disk cache needs, each reporting failure instead of throwing:
/// a cache that cannot do something just misses.
enum CacheFiles {
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        // A file that shrank while being read comes back short; the entry check rejects it.
        return Array(bytes[..<offset])
    }

    /// Creates `path`, which must not exist, with `bytes`.
    static func createNew(_ path: String, bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        return close(descriptor) == 0 && offset == bytes.count
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    static func rename(_ source: String, to destination: String) -> Bool {
        Glibc.rename(source, destination) == 0
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// Sets the modification time to now: the last-use time a later index rebuild sorts by.
    static func touch(_ path: String) {
        utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Creates the directory and its parents; true when it exists afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return false
        }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    struct Listing {
        var name: String
        var size: Int
        var modified: Date
    }

    /// The regular files directly in `path`.
    static func list(_ path: String) -> [Listing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.compactMap { name in
            var status = stat()
            guard lstat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
            return Listing(name: name, size: Int(status.st_size), modified: modified)
        }
    }
}
