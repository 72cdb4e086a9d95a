import OperatingSystem

/// Local file access where every failure carries the system's reason ("No such file or
/// directory", "Permission denied") for the error cell.
enum LocalFile {
    static func info(_ path: FilePath) throws -> FileStatus {
        do {
            return try FileStatus(path: path)
        } catch {
            throw failure(path, error)
        }
    }

    /// At most the first `count` bytes of a regular file.
    static func readPrefix(_ path: FilePath, count: Int) throws -> [UInt8] {
        try withOpenFile(path) { descriptor, _ in try descriptor.read(upTo: count) }
    }

    /// The whole of a regular file no larger than `maxBytes`.
    static func read(_ path: FilePath, maxBytes: Int) throws -> [UInt8] {
        try withOpenFile(path) { descriptor, size in
            guard size <= maxBytes else {
                throw GalleryError.unreadableFile(name: name(of: path), reason: "larger than \(maxBytes) bytes")
            }
            return try descriptor.read(upTo: maxBytes)
        }
    }

    /// Throws `GalleryError.unreadableFolder` when the folder cannot be listed.
    static func checkListable(_ path: FilePath) throws {
        try asFolderError(path) { () throws(SystemError) in try Directory.checkListable(path) }
    }

    /// The names in a folder with the kind the folder records (nil: unknown), unsorted.
    static func entries(inFolder path: FilePath) throws -> [DirectoryEntry] {
        try asFolderError(path) { () throws(SystemError) in try Directory.entries(in: path) }
    }

    private static func asFolderError<Result>(_ path: FilePath, _ body: () throws(SystemError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw GalleryError.unreadableFolder(path: path.description, reason: error.reason)
        }
    }

    /// The file's name as shown: its bytes that are not UTF-8 escaped (`FilePath.description`).
    static func name(of path: FilePath) -> String {
        path.name.description
    }

    /// Opens a regular file (a folder named like an image is refused here) and passes its size.
    private static func withOpenFile<T>(_ path: FilePath, _ body: (FileDescriptor, Int) throws -> T) throws -> T {
        do {
            return try FileDescriptor.withOpened(path) { descriptor in
                let status = try descriptor.status()
                guard status.kind == .regular else {
                    throw GalleryError.unreadableFile(name: name(of: path), reason: "not a regular file")
                }
                return try body(descriptor, status.size)
            }
        } catch let error as SystemError {
            throw failure(path, error)
        }
    }

    private static func failure(_ path: FilePath, _ error: SystemError) -> GalleryError {
        .unreadableFile(name: name(of: path), reason: error.reason)
    }
}
