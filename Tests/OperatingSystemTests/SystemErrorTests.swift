import Dispatch
import Glibc
import OperatingSystem
import Testing

@Suite struct SystemErrorTests {
    @Test func aFailedCallCarriesItsErrnoOperationAndPath() {
        let error = #expect(throws: SystemError.self) { try File.read("/nonexistent/photo.jpg", maxBytes: 10) }
        #expect(error?.code == ENOENT)
        #expect(error?.operation == "open")
        #expect(error?.path == "/nonexistent/photo.jpg")
        #expect(error?.reason == "No such file or directory")
        #expect(error?.description == "cannot open /nonexistent/photo.jpg: No such file or directory")
    }

    @Test func withoutAPathTheSentenceLeavesItOut() {
        let error = SystemError(code: EACCES, operation: "open a socket")
        #expect(error.description == "cannot open a socket: Permission denied")
    }

    @Test func interruptedCallsAreMadeAgainAndOtherFailuresThrow() throws {
        var calls = 0
        let result = try SystemCall.retryingInterrupts("read") { () -> Int in
            calls += 1
            guard calls < 3 else { return 7 }
            errno = EINTR
            return -1
        }
        #expect(result == 7)
        #expect(calls == 3)

        calls = 0
        let error = #expect(throws: SystemError.self) {
            try SystemCall.retryingInterrupts("write", path: "/x") { () -> Int32 in
                calls += 1
                errno = EBADF
                return -1
            }
        }
        #expect(calls == 1)
        #expect(error == SystemError(code: EBADF, operation: "write", path: "/x"))
    }

    /// A real EINTR: a signal whose handler does not ask for restarting interrupts a blocked read,
    /// which the wrapper makes again and which then gets the byte written after the signal.
    @Test func aReadInterruptedByASignalIsMadeAgain() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0  // no SA_RESTART: the kernel returns EINTR instead of restarting
        var previous = sigaction()
        sigaction(SIGUSR1, &action, &previous)
        defer { sigaction(SIGUSR1, &previous, nil) }

        let reader = pthread_self()
        let writer = ends[1]
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            usleep(100_000)
            pthread_kill(reader, SIGUSR1)
            usleep(100_000)
            _ = write(writer, "x", 1)
        }
        let bytes = try FileDescriptor(ends[0]).read(upTo: 1)
        done.wait()
        #expect(bytes == [UInt8(ascii: "x")])
    }
}
