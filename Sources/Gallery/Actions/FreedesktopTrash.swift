public import OperatingSystem

/// A file in a trash folder, and where it came from.
public struct TrashedFile: Sendable, Equatable {
    /// Where the file was, absolute.
    public let originalPath: FilePath
    /// Where it is now: `TRASH/files/NAME`.
    public let trashedPath: FilePath
    /// Its record: `TRASH/info/NAME.trashinfo`.
    public let infoPath: FilePath
}

/// Why a file could not go to the trash or come back, in a sentence for the status bar.
public enum TrashError: Error, Equatable, CustomStringConvertible {
    /// Neither the home trash nor a trash on the file's own file system could be used.
    case noTrashOnFileSystem(name: String)
    /// Restoring would replace the file now at the original path.
    case originalTaken(name: String)
    case system(name: String, reason: String)

    public var description: String {
        switch self {
        case .noTrashOnFileSystem(let name):
            "\(name) was not moved: no usable trash on its file system"
        case .originalTaken(let name):
            "\(name) was not restored: another file has its name now; it stays in the trash"
        case .system(let name, let reason): "\(name): \(reason)"
        }
    }
}

/// The freedesktop.org trash (Trash specification 1.0), which file managers list and restore from.
///
/// A file on the home trash's file system goes to `$XDG_DATA_HOME/Trash`; one on another file
/// system to its top folder's `.Trash/$uid` (when `.Trash` is a real folder with the sticky bit)
/// or `.Trash-$uid`. The record (`info/NAME.trashinfo`) is created first, exclusively, so two
/// programs never pick one name; then the file is renamed to `files/NAME`, never over anything.
/// A folder goes the same way, whole, with what it holds; the `directorysizes` cache of trashed
/// folders' sizes (a SHOULD since version 1.0) is not written. Files are only ever renamed: a
/// file that cannot be renamed into a trash stays where it is.
public struct FreedesktopTrash: Sendable {
    /// The home trash folder, e.g. `~/.local/share/Trash`.
    public let homeTrash: FilePath
    private let userID: UInt32
    private let now: @Sendable () -> Int

    /// `userID` defaults to this process's; `now` gives the deletion time in seconds since 1970
    /// (the clock's by default; tests fix it).
    public init(homeTrash: FilePath, userID: UInt32? = nil, now: (@Sendable () -> Int)? = nil) {
        self.homeTrash = homeTrash
        self.userID = userID ?? CurrentProcess.userID
        self.now = now ?? { LocalTime.nowSecondsSince1970 }
    }

    /// `Trash` in the user's data folder (`XDGDirectories.dataHome`).
    public static func homeTrash(environment: [String: String]) -> FilePath {
        XDGDirectories(environment: environment).dataHome.appending("Trash")
    }

    /// Moves the file, folder or symbolic link (itself) at the absolute `path` to the trash.
    public func moveToTrash(_ path: FilePath) throws(TrashError) -> TrashedFile {
        let name = LocalFile.name(of: path)
        let status = try attempt(name) { () throws(SystemError) in try FileStatus(path: path, followingLinks: false) }
        guard let folder = trashFolder(forFileAt: path, device: status.device) else {
            throw .noTrashOnFileSystem(name: name)
        }
        let record = "[Trash Info]\nPath=\(Self.percentEncoded(folder.recordedPath(path)))\n"
            + "DeletionDate=\(LocalTime(secondsSince1970: now()).isoText)\n"
        for candidate in Self.candidateNames(for: path.name) {
            let infoPath = folder.path.appending("info").appending(FilePath(bytes: candidate.bytes + Array(".trashinfo".utf8)))
            let trashedPath = folder.path.appending("files").appending(candidate)
            do {
                try File.write(Array(record.utf8), to: infoPath, .creatingNew(permissions: 0o600))
            } catch where error.isAlreadyExisting {
                continue
            } catch {
                throw .system(name: name, reason: error.description)
            }
            do {
                try File.renameWithoutReplacing(path, to: trashedPath)
                return TrashedFile(originalPath: path, trashedPath: trashedPath, infoPath: infoPath)
            } catch {
                try? File.remove(infoPath)
                // A file left in files/ without its record: take the next name.
                guard error.isAlreadyExisting else { throw .system(name: name, reason: error.description) }
            }
        }
        throw .system(name: name, reason: "no free name in the trash")
    }

    /// Moves a trashed file or folder back where it was, unless something else has that name now
    /// (an empty folder too, which a plain rename would replace).
    public func restore(_ file: TrashedFile) throws(TrashError) {
        let name = LocalFile.name(of: file.originalPath)
        do {
            try File.renameWithoutReplacing(file.trashedPath, to: file.originalPath)
        } catch where error.isAlreadyExisting {
            throw .originalTaken(name: name)
        } catch {
            throw .system(name: name, reason: error.description)
        }
        try? File.remove(file.infoPath)
    }

    // MARK: - Which trash

    /// A trash folder on one file system, and how its records name files.
    struct Folder {
        let path: FilePath
        /// Top-folder trashes record paths relative to the top folder, so a disk mounted
        /// elsewhere still restores.
        let topFolder: FilePath?

        func recordedPath(_ path: FilePath) -> FilePath {
            guard let topFolder else { return path }
            // The top folder with its slash: an empty name appended adds just that.
            return path.dropping(prefix: topFolder.appending("")) ?? path
        }
    }

    /// The home trash when the file shares its file system, else its top folder's trash; nil when
    /// none can be made or used.
    func trashFolder(forFileAt path: FilePath, device: UInt64) -> Folder? {
        // The home trash may be reached through a link (a data folder kept on another disk); the
        // top folders' may not, or another user could point them anywhere.
        if let home = usableTrash(homeTrash, device: device, followingLinks: true) {
            return Folder(path: home, topFolder: nil)
        }
        let top = Self.topFolder(of: path, device: device)
        let shared = top.appending(".Trash")
        if let status = try? FileStatus(path: shared, followingLinks: false),
           status.kind == .directory, status.isSticky,
           let folder = usableTrash(shared.appending("\(userID)"), device: device) {
            return Folder(path: folder, topFolder: top)
        }
        return usableTrash(top.appending(".Trash-\(userID)"), device: device).map { Folder(path: $0, topFolder: top) }
    }

    /// `path` with its `files` and `info` folders (made when missing, private to the user), when
    /// it is a real folder of this user's on `device`.
    private func usableTrash(_ path: FilePath, device: UInt64, followingLinks: Bool = false) -> FilePath? {
        // Checked before anything is made inside: mkdir does not follow a link, `files` would.
        guard (try? File.makeDirectories(path, permissions: 0o700)) != nil,
              let status = try? FileStatus(path: path, followingLinks: followingLinks), status.kind == .directory,
              status.ownerID == userID, status.device == device else { return nil }
        for folder in [path.appending("files"), path.appending("info")] {
            guard (try? File.makeDirectories(folder, permissions: 0o700)) != nil else { return nil }
        }
        return path
    }

    /// The top folder of the file system holding `path`: its highest ancestor on `device`.
    static func topFolder(of path: FilePath, device: UInt64) -> FilePath {
        var folder = path.parent
        while folder != "/" {
            let above = folder.parent
            guard (try? FileStatus(path: above))?.device == device else { return folder }
            folder = above
        }
        return "/"
    }

    // MARK: - Names and records

    /// `NAME`, then `NAME.2.EXT`, `NAME.3.EXT`, …: what the trash calls the file when its name is taken.
    /// The name's bytes are kept (it comes back under its record's path whatever it is called in
    /// the trash), but for a name so long that its record's would be longer than a name may be:
    /// its stem is then cut, its extension kept.
    static func candidateNames(for name: FilePath) -> [FilePath] {
        let bytes = name.bytes
        let dot = bytes.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == 0 || bytes.count - $0 > maxExtensionBytes ? nil : $0 }
        let stem = dot.map { Array(bytes[..<$0]) } ?? bytes
        let suffix = dot.map { Array(bytes[$0...]) } ?? []
        return ([nil] + (2...1000).map(Optional.some)).map { number in
            let tag = number.map { Array(".\($0)".utf8) } ?? []
            return FilePath(bytes: stem.prefix(maxNameBytes - tag.count - suffix.count) + tag + suffix)
        }
    }

    /// The longest name in a trash: its record is named `NAME.trashinfo`, and a name is at most
    /// 255 bytes (NAME_MAX) on Linux's file systems.
    static let maxNameBytes = 255 - ".trashinfo".utf8.count
    /// What is kept after the last dot when a long name is cut: an extension, not half a name.
    private static let maxExtensionBytes = 32

    /// The path as a URI path (RFC 2396), as the spec asks of `Path=`: unreserved characters and
    /// `/` kept, every other byte, UTF-8 or not, `%XX`.
    static func percentEncoded(_ path: FilePath) -> String {
        path.percentEncoded(keeping: "/")
    }

    private func attempt<T>(_ name: String, _ body: () throws(SystemError) -> T) throws(TrashError) -> T {
        do { return try body() } catch { throw .system(name: name, reason: error.reason) }
    }
}
