import OperatingSystem

/// A file in a trash folder, and where it came from.
public struct TrashedFile: Sendable, Equatable {
    /// Where the file was, absolute.
    public let originalPath: String
    /// Where it is now: `TRASH/files/NAME`.
    public let trashedPath: String
    /// Its record: `TRASH/info/NAME.trashinfo`.
    public let infoPath: String
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
/// Files are only ever renamed: a file that cannot be renamed into a trash stays where it is.
public struct FreedesktopTrash: Sendable {
    /// The home trash folder, e.g. `~/.local/share/Trash`.
    public let homeTrash: String
    private let userID: UInt32
    private let now: @Sendable () -> Int

    /// `userID` defaults to this process's; `now` gives the deletion time in seconds since 1970
    /// (the clock's by default; tests fix it).
    public init(homeTrash: String, userID: UInt32? = nil, now: (@Sendable () -> Int)? = nil) {
        self.homeTrash = homeTrash
        self.userID = userID ?? CurrentProcess.userID
        self.now = now ?? { LocalTime.nowSecondsSince1970 }
    }

    /// `Trash` in the user's data folder (`XDGDirectories.dataHome`).
    public static func homeTrash(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).dataHome + "/Trash"
    }

    /// Moves the file (or symbolic link) at the absolute `path` to the trash.
    public func moveToTrash(_ path: String) throws(TrashError) -> TrashedFile {
        let name = LocalFile.name(of: path)
        let status = try attempt(name) { () throws(SystemError) in try FileStatus(path: path, followingLinks: false) }
        guard let folder = trashFolder(forFileAt: path, device: status.device) else {
            throw .noTrashOnFileSystem(name: name)
        }
        let record = "[Trash Info]\nPath=\(Self.percentEncoded(folder.recordedPath(path)))\n"
            + "DeletionDate=\(LocalTime(secondsSince1970: now()).isoText)\n"
        for candidate in Self.candidateNames(for: name) {
            let infoPath = folder.path + "/info/" + candidate + ".trashinfo"
            let trashedPath = folder.path + "/files/" + candidate
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

    /// Moves a trashed file back where it was, unless something else has that name now.
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
        let path: String
        /// Top-folder trashes record paths relative to the top folder, so a disk mounted
        /// elsewhere still restores.
        let topFolder: String?

        func recordedPath(_ path: String) -> String {
            guard let topFolder else { return path }
            return String(path.dropFirst(topFolder == "/" ? 1 : topFolder.count + 1))
        }
    }

    /// The home trash when the file shares its file system, else its top folder's trash; nil when
    /// none can be made or used.
    func trashFolder(forFileAt path: String, device: UInt64) -> Folder? {
        // The home trash may be reached through a link (a data folder kept on another disk); the
        // top folders' may not, or another user could point them anywhere.
        if let home = usableTrash(homeTrash, device: device, followingLinks: true) {
            return Folder(path: home, topFolder: nil)
        }
        let top = Self.topFolder(of: path, device: device)
        let shared = (top == "/" ? "" : top) + "/.Trash"
        if let status = try? FileStatus(path: shared, followingLinks: false),
           status.kind == .directory, status.isSticky,
           let folder = usableTrash(shared + "/\(userID)", device: device) {
            return Folder(path: folder, topFolder: top)
        }
        return usableTrash(shared + "-\(userID)", device: device).map { Folder(path: $0, topFolder: top) }
    }

    /// `path` with its `files` and `info` folders (made when missing, private to the user), when
    /// it is a real folder of this user's on `device`.
    private func usableTrash(_ path: String, device: UInt64, followingLinks: Bool = false) -> String? {
        // Checked before anything is made inside: mkdir does not follow a link, `files` would.
        guard (try? File.makeDirectories(path, permissions: 0o700)) != nil,
              let status = try? FileStatus(path: path, followingLinks: followingLinks), status.kind == .directory,
              status.ownerID == userID, status.device == device else { return nil }
        for folder in [path + "/files", path + "/info"] {
            guard (try? File.makeDirectories(folder, permissions: 0o700)) != nil else { return nil }
        }
        return path
    }

    /// The top folder of the file system holding `path`: its highest ancestor on `device`.
    static func topFolder(of path: String, device: UInt64) -> String {
        var folder = parent(of: path)
        while folder != "/" {
            let above = parent(of: folder)
            guard (try? FileStatus(path: above))?.device == device else { return folder }
            folder = above
        }
        return "/"
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    // MARK: - Names and records

    /// `NAME`, then `NAME.2.EXT`, `NAME.3.EXT`, …: what the trash calls the file when its name is taken.
    static func candidateNames(for name: String) -> [String] {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        return [name] + (2...1000).map { "\(stem).\($0)\(suffix)" }
    }

    /// The path as a URI path (RFC 2396): unreserved characters and `/` kept, every other byte `%XX`.
    static func percentEncoded(_ path: String) -> String {
        FileURI.percentEncoded(path, alsoKeeping: "/")
    }

    private func attempt<T>(_ name: String, _ body: () throws(SystemError) -> T) throws(TrashError) -> T {
        do { return try body() } catch { throw .system(name: name, reason: error.reason) }
    }
}
