import CRenameNoReplace
import Glibc

extension File {
    /// Renames `source` (a file, a folder, or a symbolic link itself, never what it points to) to
    /// `destination` only when nothing is named `destination`, atomically: renameat2 with
    /// RENAME_NOREPLACE, which the kernel refuses with EEXIST when the name is taken. Both must be
    /// on one file system (EXDEV otherwise). Where the file system cannot rename that way (EINVAL,
    /// ENOSYS), a file is hard-linked to the new name, which is as safe, then the old name removed;
    /// a folder cannot be (link refuses folders: EPERM), and plain rename(2) would replace an
    /// empty folder of that name, so it stays where it is. A new name longer than its folder's
    /// file system holds (`Directory.longestName`) fails with ENAMETOOLONG (`isNameTooLong`)
    /// before anything is touched, rather than being cut to fit.
    public static func renameWithoutReplacing(_ source: FilePath, to destination: FilePath) throws(SystemError) {
        guard destination.name.bytes.count <= Directory.longestName(in: destination.parent) else {
            throw SystemError(code: ENAMETOOLONG, operation: "rename to", path: destination.description)
        }
        do {
            _ = try SystemCall.retryingInterrupts("rename to", path: destination.description) {
                source.withCString { source in destination.withCString { gallery_rename_noreplace(source, $0) } }
            }
        } catch where error.code == EINVAL || error.code == ENOSYS {
            try linkThenUnlink(source, to: destination)
        }
    }

    public static func renameWithoutReplacing(_ source: String, to destination: String) throws(SystemError) {
        try renameWithoutReplacing(FilePath(source), to: FilePath(destination))
    }

    /// The no-overwrite rename as two steps, for file systems without RENAME_NOREPLACE.
    static func linkThenUnlink(_ source: FilePath, to destination: FilePath) throws(SystemError) {
        // Flags 0: a symbolic link is linked itself, never what it points to.
        _ = try SystemCall.retryingInterrupts("rename to", path: destination.description) {
            source.withCString { source in destination.withCString { linkat(AT_FDCWD, source, AT_FDCWD, $0, 0) } }
        }
        do {
            try remove(source)
        } catch {
            // Leave one name, the old one, rather than two.
            try? remove(destination)
            throw error
        }
    }
}

extension SystemError {
    /// The name asked for is taken (EEXIST).
    public var isAlreadyExisting: Bool { code == EEXIST }
    /// A name is longer than the file system holds (ENAMETOOLONG).
    public var isNameTooLong: Bool { code == ENAMETOOLONG }
    /// There is no such file or folder (ENOENT).
    public var isMissing: Bool { code == ENOENT }
}
