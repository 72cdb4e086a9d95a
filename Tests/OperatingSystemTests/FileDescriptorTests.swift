import Dispatch
import Glibc
import OperatingSystem
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
