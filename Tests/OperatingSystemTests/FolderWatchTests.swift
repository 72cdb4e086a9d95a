import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct FolderWatchTests {
    /// The changes that arrive within a second, read as a `DispatchSource` would: when the
    /// descriptor is readable.
    private func changes(of watch: FolderWatch, atLeast count: Int) throws -> [FolderChange] {
        var all: [FolderChange] = []
        for _ in 0..<20 where all.count < count {
            var ready = pollfd(fd: watch.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 50)
            all += try watch.readChanges().changes
        }
        return all
    }

    @Test func creatingWritingRenamingAndDeletingAreEachReported() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watch = try FolderWatch()
        try watch.watch(folder.path)
        #expect(try watch.readChanges().changes.isEmpty)

        try File.write(Array("photo".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        // rename(2), as `File.renameWithoutReplacing` renames (unless its file system makes it fall
        // back to a link and an unlink: a create and a delete).
        #expect(rename(folder.path + "/a.jpg", folder.path + "/b.jpg") == 0)
        #expect(unlink(folder.path + "/b.jpg") == 0)
        #expect(mkdir(folder.path + "/sub", 0o755) == 0)

        let seen = try changes(of: watch, atLeast: 5)
        #expect(seen.map(\.kind) == [.created, .finishedWriting, .movedOut, .movedIn, .deleted, .created])
        #expect(seen.map { $0.path.dropping(prefix: FilePath(folder.path))?.description } == ["/a.jpg", "/a.jpg", "/a.jpg", "/b.jpg", "/b.jpg", "/sub"])
        #expect(seen.map(\.isFolder) == [false, false, false, false, false, true])
    }

    /// A change names the file by its bytes: a name that is not UTF-8 is not read as its look-alike.
    @Test func aChangeNamesAFileThatIsNotUTF8ByItsBytes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watch = try FolderWatch()
        try watch.watch(folder.path)
        let path = FilePath(folder.path).appending(FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8)))
        try File.write([1], to: path, .creatingNew(permissions: 0o644))
        #expect(try changes(of: watch, atLeast: 2).map(\.path) == [path, path])
    }

    @Test func onlyTheWatchedFolderIsWatchedNotItsSubfolders() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(mkdir(folder.path + "/sub", 0o755) == 0)
        let watch = try FolderWatch()
        try watch.watch(folder.path)
        try File.write([1], to: folder.path + "/sub/deep.jpg", .creatingNew(permissions: 0o644))
        #expect(try changes(of: watch, atLeast: 1).isEmpty)

        try watch.watch(folder.path + "/sub")
        try watch.watch(folder.path + "/sub")
        #expect(watch.watchedCount == 2)
        #expect(unlink(folder.path + "/sub/deep.jpg") == 0)
        #expect(try changes(of: watch, atLeast: 1) == [FolderChange(kind: .deleted, path: FilePath(folder.path + "/sub/deep.jpg"))])
    }

    @Test func aFolderDeletedStopsBeingWatchedAndAFileCannotBeWatched() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(mkdir(folder.path + "/sub", 0o755) == 0)
        let watch = try FolderWatch()
        try watch.watch(folder.path + "/sub")
        #expect(rmdir(folder.path + "/sub") == 0)
        _ = try changes(of: watch, atLeast: 1)
        #expect(watch.watchedCount == 0)

        try File.write([1], to: folder.path + "/file.jpg", .creatingNew(permissions: 0o644))
        let error = #expect(throws: SystemError.self) { try watch.watch(folder.path + "/file.jpg") }
        #expect(error?.code == ENOTDIR)
        #expect(throws: SystemError.self) { try watch.watch(folder.path + "/missing") }
    }
}
