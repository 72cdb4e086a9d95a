import Glibc
@testable import OperatingSystem
import TestSupport
import Testing

@Suite struct RenameAndStatusTests {
    @Test func renamingWithoutReplacingMovesTheFileOrRefusesATakenName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("a".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        try File.write(Array("b".utf8), to: folder.path + "/b.jpg", .creatingNew(permissions: 0o644))
        let error = #expect(throws: SystemError.self) {
            try File.renameWithoutReplacing(folder.path + "/a.jpg", to: folder.path + "/b.jpg")
        }
        #expect(error?.isAlreadyExisting == true)
        #expect(error?.description == "cannot rename to \(folder.path)/b.jpg: File exists")
        #expect(try folder.text(of: "a.jpg") == "a" && folder.text(of: "b.jpg") == "b")

        try File.renameWithoutReplacing(folder.path + "/a.jpg", to: folder.path + "/c.jpg")
        #expect(folder.contents() == ["b.jpg", "c.jpg"])
        #expect(try folder.text(of: "c.jpg") == "a")
        let missing = #expect(throws: SystemError.self) {
            try File.renameWithoutReplacing(folder.path + "/gone.jpg", to: folder.path + "/d.jpg")
        }
        #expect(missing?.isMissing == true)
    }

    @Test func aNameLongerThanTheFolderHoldsIsRefusedBeforeTheFileIsTouched() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("a".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        #expect(Directory.longestName(in: FilePath(folder.path)) == 255)
        let long = String(repeating: "L", count: 300) + ".jpg"
        let error = #expect(throws: SystemError.self) {
            try File.renameWithoutReplacing(folder.path + "/a.jpg", to: folder.path + "/" + long)
        }
        #expect(error?.isNameTooLong == true)
        #expect(folder.contents() == ["a.jpg"])
        // 255 bytes, the most: renamed whole.
        let longest = String(repeating: "L", count: 251) + ".jpg"
        try File.renameWithoutReplacing(folder.path + "/a.jpg", to: folder.path + "/" + longest)
        #expect(folder.contents() == [longest])
    }

    @Test func aSymbolicLinkIsRenamedItselfNotWhatItNames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("target".utf8), to: folder.path + "/target.jpg", .creatingNew(permissions: 0o644))
        #expect(symlink("target.jpg", folder.path + "/link.jpg") == 0)
        try File.renameWithoutReplacing(folder.path + "/link.jpg", to: folder.path + "/moved.jpg")
        #expect(try FileStatus(path: folder.path + "/moved.jpg", followingLinks: false).kind == .symbolicLink)
        #expect(try FileStatus(path: folder.path + "/moved.jpg").kind == .regular)
        #expect(folder.contents() == ["moved.jpg", "target.jpg"])
    }

    /// A folder moves whole, and a name taken by a file or by a folder (an empty one, which
    /// rename(2) would replace) is refused, nothing changed on either side.
    @Test func aFolderIsRenamedWithItsFilesOrRefusesATakenName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(mkdir(folder.path + "/trip", 0o755) == 0)
        try File.write(Array("a".utf8), to: folder.path + "/trip/a.jpg", .creatingNew(permissions: 0o644))
        try File.write(Array("f".utf8), to: folder.path + "/file.jpg", .creatingNew(permissions: 0o644))
        #expect(mkdir(folder.path + "/empty", 0o755) == 0)
        for taken in ["file.jpg", "empty"] {
            let error = #expect(throws: SystemError.self) {
                try File.renameWithoutReplacing(folder.path + "/trip", to: folder.path + "/" + taken)
            }
            #expect(error?.isAlreadyExisting == true, "\(taken): \(String(describing: error))")
            #expect(folder.contents() == ["empty", "file.jpg", "trip"])
            #expect(try folder.text(of: "trip/a.jpg") == "a" && folder.text(of: "file.jpg") == "f")
            #expect(try Directory.names(in: folder.path + "/empty").isEmpty)
        }

        try File.renameWithoutReplacing(folder.path + "/trip", to: folder.path + "/alps")
        #expect(folder.contents() == ["alps", "empty", "file.jpg"])
        #expect(try folder.text(of: "alps/a.jpg") == "a")
    }

    /// What a file system without RENAME_NOREPLACE gets: a file still moves, never over another;
    /// a folder stays (link refuses folders).
    @Test func theFallbackLinksAFileAndLeavesAFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("a".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        try File.write(Array("b".utf8), to: folder.path + "/b.jpg", .creatingNew(permissions: 0o644))
        #expect(mkdir(folder.path + "/trip", 0o755) == 0)
        let taken = #expect(throws: SystemError.self) { try File.linkThenUnlink(FilePath(folder.path + "/a.jpg"), to: FilePath(folder.path + "/b.jpg")) }
        #expect(taken?.isAlreadyExisting == true)
        try File.linkThenUnlink(FilePath(folder.path + "/a.jpg"), to: FilePath(folder.path + "/c.jpg"))
        #expect(try folder.text(of: "c.jpg") == "a" && folder.text(of: "b.jpg") == "b")
        #expect(throws: SystemError.self) { try File.linkThenUnlink(FilePath(folder.path + "/trip"), to: FilePath(folder.path + "/alps")) }
        #expect(folder.contents() == ["b.jpg", "c.jpg", "trip"])
    }

    @Test func statusSaysDeviceOwnerAndStickyBit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let inside = try FileStatus(path: folder.path)
        #expect(inside.device == (try FileStatus(path: "/tmp")).device)
        #expect(inside.ownerID == CurrentProcess.userID && CurrentProcess.userID == UInt32(getuid()))
        #expect(!inside.isSticky)
        #expect(chmod(folder.path, 0o1777) == 0)
        #expect(try FileStatus(path: folder.path).isSticky)
    }

    @Test func localTimeIsWhatTheCLibraryShows() {
        let seconds = 1_795_497_400
        var clock = time_t(seconds)
        var parts = tm()
        localtime_r(&clock, &parts)
        var buffer = [UInt8](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress, 32, "%Y-%m-%dT%H:%M:%S", &parts) }
        }
        #expect(LocalTime(secondsSince1970: seconds).isoText == String(decoding: buffer.prefix(length), as: UTF8.self))
        #expect(LocalTime(secondsSince1970: seconds).isoText.count == 19)
        #expect(abs(LocalTime.nowSecondsSince1970 - Int(time(nil))) <= 1)
    }
}
