import Glibc
import OperatingSystem

/// One question-and-answer exchange with the terminal on stdin/stdout, in a raw mode of its own
/// that is undone before returning.
struct TerminalProbe {
    let input: Int32
    let output: Int32

    /// The probe on stdin/stdout, nil unless both are terminals.
    static func standard() -> TerminalProbe? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        return TerminalProbe(input: STDIN_FILENO, output: STDOUT_FILENO)
    }

    /// Writes `query` and reads replies until they are complete (DA1 arrived) or `timeout` passed.
    /// Echo and line buffering are off meanwhile, so replies never show on the screen; when the
    /// terminal did not finish in time, what is left in the input queue is flushed so a late
    /// partial reply cannot turn into key presses.
    func ask(_ query: [UInt8], timeout: Duration) -> CapabilityReplies {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return CapabilityReplies() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return CapabilityReplies() }
        defer { tcsetattr(input, TCSANOW, &saved) }

        TerminalOutput.write(query, to: output)
        var received: [UInt8] = []
        var replies = CapabilityReplies()
        let deadline = ContinuousClock.now + timeout
        while !replies.isComplete {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }  // the deadline decides
            guard ready > 0 else { break }
            // VMIN and VTIME are 0: the read ends with what the queue holds.
            guard let chunk = try? FileDescriptor(input).read(upTo: 1024), !chunk.isEmpty else { break }
            received += chunk
            replies = CapabilityReplies(parsing: received)
        }
        if !replies.isComplete { tcflush(input, TCIFLUSH) }
        return replies
    }

    /// The window size in cells and pixels, nil when the kernel does not know it.
    func windowPixels() -> TerminalSize? {
        try? TerminalSize(of: FileDescriptor(output))
    }
}
