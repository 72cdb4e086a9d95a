import Glibc

/// What `stat` says about a file.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    public let kind: Kind
    public let size: Int
    /// The modification time, seconds since 1970 and the nanoseconds past them.
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int
    /// The file system the file is on (`st_dev`): two files may be renamed into each other's
    /// folders only when it is the same.
    public let device: UInt64
    /// The inode number: with `device`, names the file whatever path reached it (how a walk
    /// through folders notices a link back to a folder it is already in).
    public let inode: UInt64
    /// The owner's user id.
    public let ownerID: UInt32
    /// The sticky bit: in a shared folder, only a file's owner may rename or remove it.
    public let isSticky: Bool
    /// The permission bits (`0o644`), set-id and sticky bits included.
    public let permissions: UInt32
    /// How many names the file has (`st_nlink`): a new name for a file that exists (`ln`) is
    /// complete from the start, unlike a file being copied in.
    public let linkCount: Int
    /// What an `.other` file is: a FIFO, a socket or a device; nil for the other kinds.
    public let special: Special?

    /// A file that is not a file of bytes: reading one may wait for a writer or never end.
    public enum Special: Sendable, Equatable, CustomStringConvertible {
        /// A FIFO or a pipe: read from, it waits for a writer.
        case fifo
        case socket
        /// A terminal, `/dev/zero`.
        case characterDevice
        /// A disk.
        case blockDevice

        /// What it is, for a sentence: "a FIFO".
        public var description: String {
            switch self {
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            }
        }
    }

    /// A FIFO or a pipe (`.other`): read from, it waits for a writer.
    public var isPipe: Bool { special == .fifo }

    /// The file at `path`; a symbolic link itself rather than what it names unless `followingLinks`.
    public init(path: FilePath, followingLinks: Bool = true) throws(SystemError) {
        var status = stat()
        _ = try SystemCall.retryingInterrupts("read the status of", path: path.description) {
            path.withCString { followingLinks ? stat($0, &status) : lstat($0, &status) }
        }
        self.init(status)
    }

    public init(path: String, followingLinks: Bool = true) throws(SystemError) {
        try self.init(path: FilePath(path), followingLinks: followingLinks)
    }

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        ownerID = UInt32(status.st_uid)
        isSticky = status.st_mode & S_ISVTX != 0
        permissions = UInt32(status.st_mode & 0o7777)
        linkCount = Int(status.st_nlink)
        special = switch status.st_mode & S_IFMT {
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: nil
        }
    }
}
