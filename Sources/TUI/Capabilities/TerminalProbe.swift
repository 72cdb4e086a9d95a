import OperatingSystem

/// One question-and-answer exchange with the terminal on stdin/stdout, in a raw mode of its own
/// that is undone before returning.
struct TerminalProbe {
    let input: FileDescriptor
    let output: FileDescriptor

    /// The probe on stdin/stdout, nil unless both are terminals.
    static func standard() -> TerminalProbe? {
        guard TerminalMode.isTerminal(.standardInput), TerminalMode.isTerminal(.standardOutput) else { return nil }
        return TerminalProbe(input: .standardInput, output: .standardOutput)
    }

    /// Writes `query` and reads replies until they are complete (DA1 arrived) or `timeout` passed.
    /// Echo and line buffering are off meanwhile, so replies never show on the screen; when the
    /// terminal did not finish in time, what is left in the input queue is flushed so a late
    /// partial reply cannot turn into key presses.
    func ask(_ query: [UInt8], timeout: Duration) -> CapabilityReplies {
        TerminalMode.withUnbufferedInput(input) {
            TerminalOutput.write(query, to: output.rawValue)
            var received: [UInt8] = []
            var replies = CapabilityReplies()
            let deadline = ContinuousClock.now + timeout
            while !replies.isComplete {
                // Interrupted or timed out alike: the deadline decides.
                guard let ready = try? input.waitForInput(until: deadline) else { break }
                guard ready else { continue }
                // The read ends with what the queue holds (unbuffered input).
                guard let chunk = try? input.read(upTo: 1024), !chunk.isEmpty else { break }
                received += chunk
                replies = CapabilityReplies(parsing: received)
            }
            if !replies.isComplete { TerminalMode.discardInput(input) }
            return replies
        } ?? CapabilityReplies()
    }

    /// The window size in cells and pixels, nil when the kernel does not know it.
    func windowPixels() -> TerminalSize? {
        try? TerminalSize(of: output)
    }
}
