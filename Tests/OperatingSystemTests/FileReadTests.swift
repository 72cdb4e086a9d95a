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

    @Test func aStreamFailsOnceItPassesTheCap() {
        let error = #expect(throws: SystemError.self) { try File.read("/dev/zero", maxBytes: 1 << 16) }
        #expect(error?.isFileTooLarge == true)
        let mapped = #expect(throws: SystemError.self) {
            try MappedFile.withContents(of: "/dev/zero", maxBytes: 1 << 16, truncationMessage: "") { $0.count }
        }
        #expect(mapped?.isFileTooLarge == true)
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
