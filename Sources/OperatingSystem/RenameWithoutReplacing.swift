import Glibc

extension File {
    /// Renames `source` to `destination` only when nothing is named `destination`: the new name is
    /// made as a hard link (which the kernel refuses with EEXIST when the name is taken, atomically),
    /// then the old name is removed. Both must be on one file system (EXDEV otherwise), one that
    /// has hard links. `renameat2(RENAME_NOREPLACE)` would do it in one call, but glibc declares it
    /// only to `_GNU_SOURCE` code, which Swift's Glibc module is not.
    public static func renameWithoutReplacing(_ source: String, to destination: String) throws(SystemError) {
        // Flags 0: a symbolic link is linked itself, never what it points to.
        _ = try SystemCall.retryingInterrupts("rename to", path: destination) {
            linkat(AT_FDCWD, source, AT_FDCWD, destination, 0)
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
    /// There is no such file or folder (ENOENT).
    public var isMissing: Bool { code == ENOENT }
}
