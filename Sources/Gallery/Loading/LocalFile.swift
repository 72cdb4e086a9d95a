import Glibc

/// Local file access with POSIX calls, so that every failure carries the system's reason
/// ("No such file or directory", "Permission denied") for the error cell.
enum LocalFile {
    /// What `stat` says about a file (following symbolic links).
    struct Info: Sendable, Equatable {
        let size: Int
        /// Seconds since 1970.
        let modified: Int
        let isRegular: Bool
        let isDirectory: Bool
    }

    static func info(_ path: String) throws -> Info {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(path) }
        let type = status.st_mode & S_IFMT
        return Info(size: Int(status.st_size), modified: Int(status.st_mtim.tv_sec),
                    isRegular: type == S_IFREG, isDirectory: type == S_IFDIR)
    }

    /// At most the first `count` bytes of a regular file.
    static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        try withOpenFile(path) { descriptor, _ in try readUpTo(count, from: descriptor, path: path) }
    }

    /// The whole of a regular file no larger than `maxBytes`.
    static func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        try withOpenFile(path) { descriptor, size in
            guard size <= maxBytes else {
                throw GalleryError.unreadableFile(name: name(of: path), reason: "larger than \(maxBytes) bytes")
            }
            return try readUpTo(maxBytes, from: descriptor, path: path)
        }
    }

    /// The names in a folder, without "." and "..", unsorted.
    static func names(inFolder path: String) throws -> [String] {
        guard let folder = opendir(path) else {
            throw GalleryError.unreadableFolder(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Opens a regular file (a folder named like an image is refused here) and passes its size.
    private static func withOpenFile<T>(_ path: String, _ body: (Int32, Int) throws -> T) throws -> T {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw GalleryError.unreadableFile(name: name(of: path), reason: "not a regular file")
        }
        return try body(descriptor, Int(status.st_size))
    }

    private static func readUpTo(_ limit: Int, from descriptor: Int32, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(limit, 1), 1 << 20))
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    private static func failure(_ path: String) -> GalleryError {
        .unreadableFile(name: name(of: path), reason: String(cString: strerror(errno)))
    }
}
