import Dispatch
import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct FileDescriptorTests {
    /// A non-blocking pipe holds 64 KB: the kernel takes a megabyte in many partial writes, with
    /// EAGAIN between them while the reader is behind, and every byte arrives in order.
    @Test func writeAllDeliversEveryByteThroughPartialWrites() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try #require(fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0)
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let reader = ends[0]
        let received = ReceivedBytes()
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            // Slowly, a little at a time, so the writer runs ahead and finds the pipe full.
            while let chunk = try? FileDescriptor(reader).read(upTo: 4096), !chunk.isEmpty {
                received.bytes += chunk
                usleep(200)
            }
        }
        try FileDescriptor(ends[1]).write(all: bytes)
        close(ends[1])
        done.wait()
        #expect(received.bytes == bytes)
    }

    /// A regular file is read in one block of its size; a prefix of it, and an empty file, too.
    @Test func aRegularFileIsReadWholeOrUpToTheLimit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try File.write(bytes, to: folder.path + "/photo", .creatingNew(permissions: 0o600))
        try File.write([], to: folder.path + "/empty", .creatingNew(permissions: 0o600))
        let whole = try FileDescriptor.withOpened(folder.path + "/photo") { try $0.read(upTo: 64 << 20) }
        #expect(whole == bytes)
        let prefix = try FileDescriptor.withOpened(folder.path + "/photo") { try $0.read(upTo: 256 << 10) }
        #expect(prefix == Array(bytes.prefix(256 << 10)))
        #expect(try FileDescriptor.withOpened(folder.path + "/empty") { try $0.read(upTo: 1 << 20) } == [])
    }

    /// A stream of unknown length is read in growing blocks, every byte in order, up to the limit.
    @Test func aStreamLongerThanOneBlockIsReadWholeOrUpToTheLimit() throws {
        let bytes = (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        // The reader stops at the limit and closes its end: the writer then fails, not dies.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        func readThroughAPipe(limit: Int) throws -> [UInt8] {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            let (reader, writer) = (ends[0], ends[1])
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                try? FileDescriptor(writer).write(all: bytes)
                close(writer)
            }
            let read = Result { try FileDescriptor(reader).read(upTo: limit) }
            close(reader)
            done.wait()
            return try read.get()
        }
        #expect(try readThroughAPipe(limit: 8 << 20) == bytes)
        #expect(try readThroughAPipe(limit: 200_000) == Array(bytes.prefix(200_000)))
    }

    @Test func writingToAPipeWithNoReaderIsAnError() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let error = #expect(throws: SystemError.self) { try FileDescriptor(ends[1]).write(all: [1, 2, 3]) }
        #expect(error?.code == EPIPE)
        #expect(error?.operation == "write")
    }

    @Test func aPipeIsNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let error = #expect(throws: SystemError.self) { try TerminalSize(of: FileDescriptor(ends[0])) }
        #expect(error?.code == ENOTTY)
    }
}

/// Written by one thread, read after it finished (the group's wait orders the two).
private final class ReceivedBytes: @unchecked Sendable {
    var bytes: [UInt8] = []
}
