import Glibc

/// A folder held open so that the files in it are looked up from it: a `stat` by path looks up
/// each folder of the path again, and a library's photos lie five or six folders deep. Closed
/// when it goes.
public struct OpenFolder: ~Copyable {
    public let path: FilePath
    private let descriptor: Int32

    /// Opened as a folder is for listing: one that cannot be listed throws.
    public init(_ path: FilePath) throws(SystemError) {
        self.path = path
        descriptor = try SystemCall.retryingInterrupts("open the folder", path: path.description) {
            path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        }
    }

    deinit { close(descriptor) }

    /// Whether `file` names something in this folder itself, not below it.
    public func holds(_ file: FilePath) -> Bool {
        let start = nameStart
        return file.bytes.count > start && file.bytes.starts(with: path.bytes)
            && file.bytes[start - 1] == FilePath.slash && !file.bytes[start...].contains(FilePath.slash)
    }

    /// The status of `file`, which this folder holds (`holds(_:)`), following a link.
    public func status(of file: FilePath) throws(SystemError) -> FileStatus {
        precondition(holds(file), "\(file) is not in \(path)")
        var status = stat()
        _ = try SystemCall.retryingInterrupts("read the status of", path: file.description) {
            file.withCString(droppingFirst: nameStart) { fstatat(descriptor, $0, &status, 0) }
        }
        return FileStatus(status)
    }

    /// Where a name starts in the path of a file in this folder: past the folder's path and a slash.
    private var nameStart: Int {
        path.bytes.last == FilePath.slash ? path.bytes.count : path.bytes.count + 1
    }
}
