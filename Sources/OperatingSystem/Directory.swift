import Glibc

/// One name in a folder, as `Directory.entries` reads it.
public struct DirectoryEntry: Sendable, Equatable {
    /// The name's bytes as the folder holds them: the only spelling that opens this file.
    public let name: FilePath
    /// What the folder records the name to be; nil when the file system does not say.
    public let kind: FileStatus.Kind?
}

/// Operations on folders.
public enum Directory {
    /// The names in the folder at `path` that are UTF-8, without "." and "..", unsorted: for
    /// folders this app fills itself (caches, its terminfo), whose names it made as text.
    public static func names(in path: String) throws(SystemError) -> [String] {
        try entries(in: FilePath(path)).compactMap(\.name.text)
    }

    /// Throws what listing the folder at `path` would fail with, without reading its names: a
    /// check before the listing itself, which may be of 100,000 names.
    public static func checkListable(_ path: FilePath) throws(SystemError) {
        closedir(try opened(path))
    }

    private static func opened(_ path: FilePath) throws(SystemError) -> OpaquePointer {
        guard let folder = path.withCString({ opendir($0) }) else {
            throw SystemError.last("open the folder", path: path.description)
        }
        return folder
    }

    /// The names in the folder at `path` with the kind the folder records for each (nil when the
    /// file system does not say: then only `FileStatus` tells), without "." and "..", unsorted.
    /// A walk through a large folder learns which names are plain files without a `stat` each.
    public static func entries(in path: FilePath) throws(SystemError) -> [DirectoryEntry] {
        let folder = try opened(path)
        defer { closedir(folder) }
        var entries: [DirectoryEntry] = []
        // Read in place: a record holds only as much of `d_name` as its name needs, and copying the
        // whole 256-byte field out of the last record read past readdir's buffer (AddressSanitizer).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(folder) {
            let name = FilePath(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != "." && name != ".." else { continue }
            let kind: FileStatus.Kind? = switch Int(entry.pointee.d_type) {
            case Int(DT_REG): .regular
            case Int(DT_DIR): .directory
            case Int(DT_LNK): .symbolicLink
            case Int(DT_UNKNOWN): nil
            default: .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind))
        }
        return entries
    }

    /// The most bytes one name may have in the folder at `path` (`pathconf`'s `_PC_NAME_MAX`: 255
    /// on most Linux file systems, fewer or more on some); 255 when the folder does not say.
    public static func longestName(in path: FilePath) -> Int {
        let limit = path.withCString { pathconf($0, Int32(_PC_NAME_MAX)) }
        return limit > 0 ? limit : 255
    }

    /// Makes a new folder, private to this user, named `prefix` and six random characters.
    public static func makeTemporary(prefix: String) throws(SystemError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw SystemError.last("create the directory", path: prefix) }
        return String(cString: made)
    }

    /// Deletes the folder at `path` with everything in it. Symbolic links are removed, never
    /// followed; what cannot be removed is left.
    public static func removeTree(_ path: FilePath) {
        for entry in (try? entries(in: path)) ?? [] {
            let child = path.appending(entry.name)
            if (try? FileStatus(path: child, followingLinks: false))?.kind == .directory {
                removeTree(child)
            } else {
                try? File.remove(child)
            }
        }
        _ = path.withCString { rmdir($0) }
    }

    public static func removeTree(_ path: String) {
        removeTree(FilePath(path))
    }
}
