import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct FileWriteTests {
    @Test func anAtomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.writeAtomically(Array("old".utf8), to: folder.path + "/photo.jpg")
        try File.writeAtomically(Array("new".utf8), to: folder.path + "/photo.jpg")
        #expect(folder.contents() == ["photo.jpg"])
        #expect(try folder.text(of: "photo.jpg") == "new")
        #expect(try FileStatus(path: folder.path + "/photo.jpg").size == 3)
    }

    @Test func aFailedAtomicWriteRemovesTheTemporaryFileAndKeepsWhatWasThere() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.writeAtomically(Array("old".utf8), to: folder.path + "/photo.jpg")
        // A folder that is not empty where the file should go: the rename fails after the
        // temporary file was written.
        try File.makeDirectories(folder.path + "/taken.jpg/inside")
        let error = #expect(throws: SystemError.self) {
            try File.writeAtomically(Array("new".utf8), to: folder.path + "/taken.jpg")
        }
        #expect(error?.operation == "rename to")
        #expect(error?.path == folder.path + "/taken.jpg")
        #expect(folder.contents() == ["photo.jpg", "taken.jpg"])
        #expect(try folder.text(of: "photo.jpg") == "old")
        // A folder that does not exist: nothing is created.
        let missing = #expect(throws: SystemError.self) { try File.writeAtomically([1], to: folder.path + "/missing/x.jpg") }
        #expect(missing?.description == "cannot create a file in \(folder.path)/missing: No such file or directory")
        #expect(folder.contents() == ["photo.jpg", "taken.jpg"])
    }

    @Test func creatingANewFileNeverOverwritesOne() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/entry"
        try File.write(Array("first".utf8), to: path, .creatingNew(permissions: 0o600))
        let error = #expect(throws: SystemError.self) {
            try File.write(Array("second".utf8), to: path, .creatingNew(permissions: 0o600))
        }
        #expect(error?.code == EEXIST)
        #expect(try folder.text(of: "entry") == "first")
    }

    @Test func makeDirectoriesMakesTheMissingParentsAndAcceptsExistingOnes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try File.makeDirectories(folder.path + "/a/b/c")
        try File.makeDirectories(folder.path + "/a/b")
        #expect(try FileStatus(path: folder.path + "/a/b/c").kind == .directory)
    }
}
