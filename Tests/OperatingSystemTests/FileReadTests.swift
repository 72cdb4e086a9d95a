import Dispatch
import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct FileReadTests {
    @Test func aFileOfTheCapIsReadWholeAndOneByteMoreIsRefusedBeforeReading() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/photo"
        try File.write([UInt8](repeating: 9, count: 1000), to: path, .creatingNew(permissions: 0o600))
        #expect(try File.read(path, maxBytes: 1000).count == 1000)
        let error = #expect(throws: SystemError.self) { try File.read(path, maxBytes: 999) }
        #expect(error?.isFileTooLarge == true)
        #expect(error?.path == path)
    }

    @Test func aPipeFailsOnceItPassesTheCap() throws {
        for reader in ["read", "mapped"] {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            defer { close(ends[0]) }
            // Within what a pipe holds, so the writer's end closes before anything is read.
            #expect(write(ends[1], [UInt8](repeating: 1, count: 2000), 2000) == 2000)
            close(ends[1])
            let path = "/proc/self/fd/\(ends[0])"
            let error = #expect(throws: SystemError.self) {
                if reader == "read" {
                    _ = try File.read(path, maxBytes: 1000)
                } else {
                    _ = try MappedFile.withContents(of: FilePath(path), maxBytes: 1000, truncationMessage: "") { $0.count }
                }
            }
            #expect(error?.isFileTooLarge == true, "\(reader)")
        }
    }

    /// A device, a FIFO in a folder and a socket are refused by their type: never opened, so
    /// neither a device that never ends nor a FIFO's wait for a writer is met.
    @Test func whatIsNotAFileIsRefusedByItsType() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try #require(mkfifo(folder.path + "/fifo", 0o600) == 0)
        for (path, what) in [("/dev/zero", "a character device"), (folder.path + "/fifo", "a FIFO")] {
            let error = #expect(throws: SystemError.self) { try File.read(path, maxBytes: 1 << 16) }
            #expect(error?.isNotAFile == true && error?.reason == "\(what), not a file", "\(path)")
            #expect(error?.description == "cannot read \(path): \(what), not a file")
        }
    }

    @Test func aFolderIsRefused() {
        let error = #expect(throws: SystemError.self) { try File.read("/tmp", maxBytes: 10) }
        #expect(error?.code == EISDIR)
    }

    @Test func aMappedFileIsReadWholeAndTheCapChecksItsSizeFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/photo"
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0) }
        try File.write(bytes, to: path, .creatingNew(permissions: 0o600))
        #expect(try MappedFile.withContents(of: FilePath(path), maxBytes: 5000, truncationMessage: "") { Array($0) } == bytes)
        var called = false
        let error = #expect(throws: SystemError.self) {
            try MappedFile.withContents(of: FilePath(path), maxBytes: 4999, truncationMessage: "") { _ in called = true }
        }
        #expect(error?.isFileTooLarge == true)
        #expect(!called)
    }
}
