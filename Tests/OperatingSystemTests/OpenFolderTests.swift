import Glibc
@testable import OperatingSystem
import TestSupport
import Testing

@Suite struct OpenFolderTests {
    /// A folder holds the files directly in it, under its path as given (with or without a
    /// trailing slash), and not those below it, beside it or named by a path it only begins.
    @Test func itHoldsTheFilesDirectlyInIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = FilePath(folder.path)
        for spelled in [path, FilePath(folder.path + "/")] {
            let open = try OpenFolder(spelled)
            let held = [path.appending("a.jpg"), path.appending("sub/a.jpg"), path, FilePath(folder.path + "x/a.jpg"),
                        path.parent.appending("a.jpg")].map { open.holds($0) }
            #expect(held == [true, false, false, false, false], "\(spelled)")
        }
        let root = try OpenFolder("/")
        let rootHolds = [root.holds("/tmp"), root.holds("/tmp/a")]
        #expect(rootHolds == [true, false])
    }

    /// A file's status looked up from its folder is the one its full path gives: a link
    /// followed, any bytes in the name, and a missing file an error naming its whole path.
    @Test func aStatusFromTheFolderIsTheFullPathsStatus() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = FilePath(folder.path)
        let odd = path.appending(FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8)))
        try File.write(Array("photo".utf8), to: path.appending("a.jpg"), .creatingNew(permissions: 0o644))
        try File.write(Array("other bytes".utf8), to: odd, .creatingNew(permissions: 0o600))
        #expect(symlink("a.jpg", folder.path + "/link.jpg") == 0)
        let open = try OpenFolder(path)
        for file in [path.appending("a.jpg"), odd, path.appending("link.jpg")] {
            let status = try open.status(of: file)
            #expect(try status == FileStatus(path: file))
        }
        let linked = try open.status(of: path.appending("link.jpg"))
        #expect(linked.size == 5 && linked.kind == .regular)
        var missing: SystemError?
        do {
            _ = try open.status(of: path.appending("gone.jpg"))
        } catch {
            missing = error
        }
        #expect(missing?.isMissing == true)
        #expect(missing?.description == "cannot read the status of \(folder.path)/gone.jpg: No such file or directory")
    }

    /// A folder that is not there, or is a file, is refused when opened.
    @Test func aFolderThatIsNotOneIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("a".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        #expect(throws: SystemError.self) { _ = try OpenFolder(FilePath(folder.path + "/gone")) }
        #expect(throws: SystemError.self) { _ = try OpenFolder(FilePath(folder.path + "/a.jpg")) }
    }
}
