import Foundation
import Glibc
import OperatingSystem
import Testing
@testable import InlineViewer

@Suite struct FileInputTests {
    /// A file in a fresh temporary directory, removed by `cleanUp`.
    private static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        var template = Array("/tmp/gallery-fileinput-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        defer { close(fd) }
        if !bytes.isEmpty { try #require(write(fd, bytes, bytes.count) == bytes.count) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func aRegularFileIsMappedWithAllItsBytes() throws {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try Self.temporaryFile(bytes)
        defer { unlink(path) }
        let read = try FileInput.withContents(of: FilePath(path)) { Array($0) }
        #expect(read == bytes)
    }

    @Test func anEmptyFileGivesNoBytes() throws {
        let path = try Self.temporaryFile([])
        defer { unlink(path) }
        #expect(try FileInput.withContents(of: FilePath(path)) { $0.count } == 0)
    }

    @Test func aPipeIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = [UInt8](repeating: 7, count: 5000)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        defer { close(ends[0]) }
        #expect(try FileInput.withContents(of: FilePath("/proc/self/fd/\(ends[0])")) { Array($0) } == bytes)
    }

    @Test func aNamedPipeIsRefusedWithoutBeingOpened() throws {
        let path = try Self.temporaryFile([])
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Opened for reading, the FIFO would have a reader, and this writer's open would not fail
        // with ENXIO; once it does not, a reader opened it and the test fails rather than hangs.
        let error = #expect(throws: FileInput.Failure.self) {
            try FileInput.withContents(of: FilePath(path)) { $0.count }
        }
        #expect(error?.description == "a FIFO, not a file")
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        #expect(writer < 0 && errno == ENXIO, "the FIFO has a reader")
        if writer >= 0 { close(writer) }
    }

    @Test func aStreamOfTheCapIsReadWholeAndOneByteMoreFails() throws {
        let cap = 1 << 20
        for count in [cap, cap + 1] {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            defer { close(ends[0]) }
            let writer = ends[1]
            // More than a pipe holds: written while it is read. The reader takes every byte (it
            // stops only after cap + 1), so the writer always finishes.
            Thread.detachNewThread {
                let bytes = [UInt8](repeating: 1, count: count)
                var offset = 0
                while offset < count {
                    let n = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + offset, count - offset) }
                    guard n > 0 else { break }
                    offset += n
                }
                close(writer)
            }
            let read = { try FileInput.withContents(of: FilePath("/proc/self/fd/\(ends[0])"), maxBytes: cap) { $0.count } }
            if count == cap {
                #expect(try read() == cap)
            } else {
                let error = #expect(throws: FileInput.Failure.self) { try read() }
                #expect(error?.description == "larger than 1 MB, more than any image gallery shows")
            }
        }
    }

    @Test func aDeviceIsRefusedWithoutBeingRead() throws {
        for device in ["/dev/zero", "/dev/null", "/dev/tty"] where FileManager.default.fileExists(atPath: device) {
            let error = #expect(throws: FileInput.Failure.self) {
                try FileInput.withContents(of: FilePath(device), maxBytes: 1 << 20) { $0.count }
            }
            #expect(error?.description == "a character device, not a file", "\(device)")
        }
    }

    @Test func aPipeNobodyWritesToEndsAtItsTimeout() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        // The writer's end stays open and silent: `sleep 100 | gallery view /dev/stdin`.
        defer { close(ends[0]); close(ends[1]) }
        let start = ContinuousClock.now
        let error = #expect(throws: FileInput.Failure.self) {
            try FileInput.withContents(of: FilePath("/proc/self/fd/\(ends[0])"), pipeTimeout: .milliseconds(300)) { $0.count }
        }
        #expect(error?.description == "a pipe nothing was written to")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aRegularFileLargerThanTheCapIsRefusedBeforeItIsMapped() throws {
        let path = try Self.temporaryFile([])
        defer { unlink(path) }
        try #require(truncate(path, 2 << 20) == 0)
        var called = false
        let error = #expect(throws: FileInput.Failure.self) {
            try FileInput.withContents(of: FilePath(path), maxBytes: 1 << 20) { _ in called = true }
        }
        #expect(error?.description == "larger than 1 MB, more than any image gallery shows")
        #expect(!called)
        #expect(try FileInput.withContents(of: FilePath(path), maxBytes: 2 << 20) { $0.count } == 2 << 20)
    }

    @Test(arguments: [("/nonexistent/photo.jpg", "No such file or directory"), ("/tmp", "Is a directory")])
    func anUnreadablePathIsAnErrorInTheCLibrarysWords(path: String, message: String) {
        let error = #expect(throws: FileInput.Failure.self) { try FileInput.withContents(of: FilePath(path)) { $0.count } }
        #expect(error?.description == message)
    }
}
