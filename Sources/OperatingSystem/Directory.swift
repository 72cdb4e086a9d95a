import Glibc

/// One name in a folder, as `Directory.entries` reads it.
public struct DirectoryEntry: Sendable, Equatable {
    /// The name as text. Bytes that are not UTF-8 are shown as U+FFFD, so such a name may read
    /// the same as another, and opening it by this text opens the other or nothing.
    public let name: String
    /// What the folder records the name to be; nil when the file system does not say.
    public let kind: FileStatus.Kind?
    /// Whether `name` holds the name's bytes exactly (they are UTF-8): only then is it a path to
    /// the file.
    public let isExact: Bool
}

/// Operations on folders.
public enum Directory {
    /// The names in the folder at `path`, without "." and "..", unsorted.
    public static func names(in path: String) throws(SystemError) -> [String] {
        try entries(in: path).map(\.name)
    }

    /// Throws what listing the folder at `path` would fail with, without reading its names: a
    /// check before the listing itself, which may be of 100,000 names.
    public static func checkListable(_ path: String) throws(SystemError) {
        closedir(try opened(path))
    }

    private static func opened(_ path: String) throws(SystemError) -> OpaquePointer {
        guard let folder = opendir(path) else { throw SystemError.last("open the folder", path: path) }
        return folder
    }

    /// The names in the folder at `path` with the kind the folder records for each (nil when the
    /// file system does not say: then only `FileStatus` tells), without "." and "..", unsorted.
    /// A walk through a large folder learns which names are plain files without a `stat` each.
    public static func entries(in path: String) throws(SystemError) -> [DirectoryEntry] {
        let folder = try opened(path)
        defer { closedir(folder) }
        var entries: [DirectoryEntry] = []
        // Read in place: a record holds only as much of `d_name` as its name needs, and copying the
        // whole 256-byte field out of the last record read past readdir's buffer (AddressSanitizer).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(folder) {
            let bytes = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            let exact = String(validatingCString: bytes)
            let name = exact ?? String(cString: bytes)
            guard name != "." && name != ".." else { continue }
            let kind: FileStatus.Kind? = switch Int(entry.pointee.d_type) {
            case Int(DT_REG): .regular
            case Int(DT_DIR): .directory
            case Int(DT_LNK): .symbolicLink
            case Int(DT_UNKNOWN): nil
            default: .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind, isExact: exact != nil))
        }
        return entries
    }

    /// Makes a new folder, private to this user, named `prefix` and six random characters.
    public static func makeTemporary(prefix: String) throws(SystemError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw SystemError.last("create the directory", path: prefix) }
        return String(cString: made)
    }

    /// Deletes the folder at `path` with everything in it. Symbolic links are removed, never
    /// followed; what cannot be removed is left.
    public static func removeTree(_ path: String) {
        for name in (try? names(in: path)) ?? [] {
            let child = path + "/" + name
            if (try? FileStatus(path: child, followingLinks: false))?.kind == .directory {
                removeTree(child)
            } else {
                try? File.remove(child)
            }
        }
        rmdir(path)
    }
}
