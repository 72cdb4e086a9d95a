import Glibc

/// Operations on folders.
public enum Directory {
    /// The names in the folder at `path`, without "." and "..", unsorted.
    public static func names(in path: String) throws(SystemError) -> [String] {
        guard let folder = opendir(path) else { throw SystemError.last("open the folder", path: path) }
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
