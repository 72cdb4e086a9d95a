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

    @Test func aNamedPipeIsOpenedOnceAndReadToItsEnd() throws {
        let path = try Self.temporaryFile([])
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let bytes = [UInt8](repeating: 9, count: 3000)
        Thread.detachNewThread {
            let writer = open(path, O_WRONLY)
            _ = write(writer, bytes, bytes.count)
            close(writer)
            // Had the reader closed the FIFO and opened it again, it would wait for a writer for
            // ever: this one lets it go on (to an empty read) after two seconds, so the test fails
            // rather than hangs.
            sleep(2)
            close(open(path, O_WRONLY | O_NONBLOCK))
        }
        #expect(try FileInput.withContents(of: FilePath(path)) { Array($0) } == bytes)
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

    @Test func aNamedPipeWhoseWriterNeverStopsFailsAtTheCap() throws {
        let path = try Self.temporaryFile([])
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let cap = 1 << 20
        Thread.detachNewThread {
            // `yes > fifo`: writes until the reader goes. SIGPIPE blocked in this thread, the
            // write then fails with EPIPE instead of ending the test process. A reader without a
            // cap gets an end after 64 times the cap, so the test fails rather than hangs.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let writer = open(path, O_WRONLY)
            let line = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 16)
            var written = 0
            while written < 64 * cap, write(writer, line, line.count) > 0 { written += line.count }
            close(writer)
        }
        let error = #expect(throws: FileInput.Failure.self) {
            try FileInput.withContents(of: FilePath(path), maxBytes: cap) { $0.count }
        }
        #expect(error?.description == "larger than 1 MB, more than any image gallery shows")
    }

    @Test func aDeviceIsRefusedWithoutBeingRead() throws {
        for device in ["/dev/zero", "/dev/null", "/dev/tty"] where FileManager.default.fileExists(atPath: device) {
            let error = #expect(throws: FileInput.Failure.self) {
                try FileInput.withContents(of: FilePath(device), maxBytes: 1 << 20) { $0.count }
            }
            #expect(error?.description == "a device, not an image file", "\(device)")
        }
    }

    @Test func aNamedPipeNobodyWritesToEndsAtItsTimeout() throws {
        let path = try Self.temporaryFile([])
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let start = ContinuousClock.now
        let error = #expect(throws: FileInput.Failure.self) {
            try FileInput.withContents(of: FilePath(path), pipeTimeout: .milliseconds(300)) { $0.count }
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
