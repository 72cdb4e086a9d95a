import Glibc

/// One change among a watched folder's entries, as inotify reports it.
public struct FolderChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name appeared: a new file (possibly still being written), folder or link.
        case created
        /// A name went.
        case deleted
        /// A name was renamed away (to another folder, or another name here).
        case movedOut
        /// A name was renamed in: a file complete as it arrives.
        case movedIn
        /// A file open for writing was closed: its contents are complete (for now).
        case finishedWriting
    }

    public let kind: Kind
    /// The entry's path: the watched folder's path, a slash, its name.
    public let path: FilePath
    /// Whether the entry is a folder.
    public let isFolder: Bool

    public init(kind: Kind, path: FilePath, isFolder: Bool = false) {
        self.kind = kind
        self.path = path
        self.isFolder = isFolder
    }
}

/// Watches folders' entries with Linux's inotify: names created, deleted, moved in or out, and
/// files closed after writing, in the folders given (not below them). `descriptor` becomes
/// readable when changes are waiting; `readChanges()` takes them without blocking. Closes its
/// descriptor when released.
public final class FolderWatch: Sendable {
    /// Readable when changes are waiting: for a `DispatchSource` or `poll`.
    public let descriptor: FileDescriptor
    /// The watched folders by inotify's watch number; a folder deleted or moved away leaves.
    private let folders = Locked<[Int32: FilePath]>([:])

    private static let changes = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE)

    public init() throws(SystemError) {
        let raw = try SystemCall.retryingInterrupts("start watching folders") {
            inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        }
        descriptor = FileDescriptor(raw)
    }

    deinit {
        try? descriptor.close()
    }

    /// How many folders are watched.
    public var watchedCount: Int { folders.withLock { $0.count } }

    /// Watches `folder`'s entries from now on; watching it again changes nothing. Throws when it
    /// is no folder or cannot be read, and ENOSPC when the user's inotify watches are used up.
    public func watch(_ folder: FilePath) throws(SystemError) {
        let number = try SystemCall.retryingInterrupts("watch the folder", path: folder.description) {
            folder.withCString { inotify_add_watch(descriptor.rawValue, $0, Self.changes | UInt32(IN_ONLYDIR)) }
        }
        folders.withLock { $0[number] = folder }
    }

    public func watch(_ folder: String) throws(SystemError) {
        try watch(FilePath(folder))
    }

    /// The changes waiting, oldest first, without blocking (none when nothing is waiting).
    /// `overflowed` when the kernel's queue was full and it dropped some: the folders must be
    /// listed again whatever the changes say.
    public func readChanges() throws(SystemError) -> (changes: [FolderChange], overflowed: Bool) {
        var changes: [FolderChange] = []
        var overflowed = false
        // Room for many events at once; each is at least 16 bytes, plus its name.
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            do {
                count = try SystemCall.retryingInterrupts("read the folder changes") {
                    buffer.withUnsafeMutableBytes { Glibc.read(descriptor.rawValue, $0.baseAddress, $0.count) }
                }
            } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
                break
            }
            if count <= 0 { break }
            overflowed = parse(buffer[..<count], into: &changes) || overflowed
        }
        return (changes, overflowed)
    }

    /// Reads the `inotify_event` records in `bytes` (wd, mask, cookie, len, then a NUL-padded
    /// name of len bytes); returns whether one said the queue overflowed.
    private func parse(_ bytes: ArraySlice<UInt8>, into changes: inout [FolderChange]) -> Bool {
        let headerSize = 16
        var overflowed = false
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + headerSize <= raw.count {
                let number = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let nameLength = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let name = raw[(offset + headerSize)..<min(raw.count, offset + headerSize + nameLength)].prefix { $0 != 0 }
                offset += headerSize + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                if mask & UInt32(IN_IGNORED) != 0 { folders.withLock { $0[number] = nil } }
                guard let folder = folders.withLock({ $0[number] }), let kind = Self.kind(of: mask) else { continue }
                changes.append(FolderChange(kind: kind, path: folder.appending(FilePath(bytes: name)),
                                            isFolder: mask & UInt32(IN_ISDIR) != 0))
            }
        }
        return overflowed
    }

    private static func kind(of mask: UInt32) -> FolderChange.Kind? {
        if mask & UInt32(IN_CREATE) != 0 { return .created }
        if mask & UInt32(IN_DELETE) != 0 { return .deleted }
        if mask & UInt32(IN_MOVED_FROM) != 0 { return .movedOut }
        if mask & UInt32(IN_MOVED_TO) != 0 { return .movedIn }
        if mask & UInt32(IN_CLOSE_WRITE) != 0 { return .finishedWriting }
        return nil
    }
}
