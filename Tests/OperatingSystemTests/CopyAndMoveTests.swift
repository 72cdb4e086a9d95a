import Glibc
import OperatingSystem
import TestSupport
import Testing

/// Copies and moves that never replace a file: `C` and `M`'s file operations.
@Suite struct CopyAndMoveTests {
    @Test func aCopyIsWholeKeepsModeAndTimeAndNeverReplaces() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try File.write(bytes, to: folder.path + "/a.jpg", .creatingNew(permissions: 0o640))
        var old = [timespec(tv_sec: 1_000_000_000, tv_nsec: 5), timespec(tv_sec: 1_000_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, folder.path + "/a.jpg", &old, 0) == 0)
        try File.write(Array("mine".utf8), to: folder.path + "/taken.jpg", .creatingNew(permissions: 0o644))

        try File.copyWithoutReplacing(FilePath(folder.path + "/a.jpg"), to: FilePath(folder.path + "/b.jpg"))
        #expect(try File.read(folder.path + "/b.jpg", maxBytes: 1 << 23) == bytes)
        let copied = try FileStatus(path: folder.path + "/b.jpg")
        #expect(copied.modifiedSeconds == 1_000_000_000 && copied.modifiedNanoseconds == 5)
        var mode = stat()
        #expect(stat(folder.path + "/b.jpg", &mode) == 0 && mode.st_mode & 0o777 == 0o640)

        let error = #expect(throws: SystemError.self) {
            try File.copyWithoutReplacing(FilePath(folder.path + "/a.jpg"), to: FilePath(folder.path + "/taken.jpg"))
        }
        #expect(error?.isAlreadyExisting == true)
        #expect(try folder.text(of: "taken.jpg") == "mine")
        #expect(folder.contents() == ["a.jpg", "b.jpg", "taken.jpg"], "no temporary file is left")
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let notAFile = #expect(throws: SystemError.self) { try File.copyWithoutReplacing(FilePath(fifo), to: FilePath(folder.path + "/c")) }
        #expect(notAFile?.isNotAFile == true)
        #expect(folder.contents() == ["a.jpg", "b.jpg", "fifo", "taken.jpg"])
    }

    @Test func aMoveNeverReplacesAndCrossesFileSystemsByCopying() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.write(Array("a".utf8), to: folder.path + "/a.jpg", .creatingNew(permissions: 0o644))
        try File.write(Array("b".utf8), to: folder.path + "/b.jpg", .creatingNew(permissions: 0o644))
        let error = #expect(throws: SystemError.self) {
            try File.moveWithoutReplacing(FilePath(folder.path + "/a.jpg"), to: FilePath(folder.path + "/b.jpg"))
        }
        #expect(error?.isAlreadyExisting == true)
        #expect(try folder.text(of: "a.jpg") == "a" && folder.text(of: "b.jpg") == "b")

        // /dev/shm is a tmpfs of its own on Linux: a rename there fails with EXDEV.
        guard let shm = try? Directory.makeTemporary(prefix: "/dev/shm/gallery-move-"),
              let there = try? FileStatus(path: shm), there.device != (try FileStatus(path: folder.path)).device
        else { return }
        defer { Directory.removeTree(shm) }
        try File.write(Array("c".utf8), to: shm + "/b.jpg", .creatingNew(permissions: 0o644))
        let taken = #expect(throws: SystemError.self) {
            try File.moveWithoutReplacing(FilePath(folder.path + "/b.jpg"), to: FilePath(shm + "/b.jpg"))
        }
        #expect(taken?.isAlreadyExisting == true)
        #expect(try folder.text(of: "b.jpg") == "b", "the original stays when the name is taken there")
        try File.moveWithoutReplacing(FilePath(folder.path + "/a.jpg"), to: FilePath(shm + "/a.jpg"))
        #expect(try File.read(shm + "/a.jpg", maxBytes: 10) == Array("a".utf8))
        #expect(folder.contents() == ["b.jpg"])
        #expect(try Directory.names(in: shm).sorted() == ["a.jpg", "b.jpg"])
    }
}
