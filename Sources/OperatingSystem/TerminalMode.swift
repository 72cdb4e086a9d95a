import Glibc

/// A terminal device's line discipline: whether a descriptor is a terminal, its input taken
/// unbuffered and unechoed for a while, waiting for input, and throwing queued input away.
public enum TerminalMode {
    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
        isatty(descriptor.rawValue) == 1
    }

    /// Makes the controlling terminal (`/dev/tty`) this process's standard input, as fzf does once
    /// it has read its list from a pipe: keys then come from the terminal whatever stdin was.
    public static func useControllingTerminalAsStandardInput() throws(SystemError) {
        try useControllingTerminal(as: 0, "make standard input")
    }

    /// Makes the controlling terminal (`/dev/tty`) this process's standard output, as fzf draws on
    /// it, and returns what standard output was, kept open under another number: `gallery --pick`
    /// draws everything (curses, pictures, capability queries) on the terminal and writes only its
    /// results there. That descriptor is close-on-exec, so a program started meanwhile (a viewer
    /// opened with `o`) cannot hold a pipe to the caller open.
    public static func useControllingTerminalAsStandardOutput() throws(SystemError) -> FileDescriptor {
        let results = try SystemCall.retryingInterrupts("keep", path: "standard output") { fcntl(1, F_DUPFD_CLOEXEC, 3) }
        do {
            try useControllingTerminal(as: 1, "make standard output")
        } catch {
            close(results)
            throw error
        }
        return FileDescriptor(results, path: "standard output")
    }

    private static func useControllingTerminal(as descriptor: Int32, _ operation: String) throws(SystemError) {
        let terminal = try SystemCall.retryingInterrupts("open", path: "/dev/tty") { open("/dev/tty", O_RDWR | O_CLOEXEC) }
        defer { if terminal != descriptor { close(terminal) } }
        // dup2 clears close-on-exec on the standard descriptor, which programs started later inherit as usual.
        _ = try SystemCall.retryingInterrupts(operation, path: "/dev/tty") { dup2(terminal, descriptor) }
    }

    /// Runs `body` with `descriptor`'s input neither line-buffered nor echoed, a read returning
    /// at once with whatever is queued, then puts the previous mode back. With `signalsAsInput`,
    /// Ctrl-C and Ctrl-Z arrive as bytes (3, 26) instead of signals, so that a loop reading keys
    /// ends itself and puts the mode back. Nil, without running `body`, when the mode cannot be
    /// read or set (not a terminal).
    public static func withUnbufferedInput<Result>(_ descriptor: FileDescriptor, signalsAsInput: Bool = false,
                                                   _ body: () throws -> Result) rethrows -> Result? {
        var saved = termios()
        guard tcgetattr(descriptor.rawValue, &saved) == 0 else { return nil }
        var unbuffered = saved
        unbuffered.c_lflag &= ~tcflag_t(ICANON | ECHO | (signalsAsInput ? ISIG : 0))
        withUnsafeMutableBytes(of: &unbuffered.c_cc) { controls in
            controls[Int(VMIN)] = 0
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor.rawValue, TCSANOW, &unbuffered) == 0 else { return nil }
        defer { tcsetattr(descriptor.rawValue, TCSANOW, &saved) }
        return try body()
    }

    /// Throws away input the terminal has queued and nobody read (a late, partial reply).
    public static func discardInput(_ descriptor: FileDescriptor) {
        tcflush(descriptor.rawValue, TCIFLUSH)
    }
}

extension FileDescriptor {
    /// Whether input arrives within `milliseconds`; false when the time passes first or a signal
    /// interrupts the wait (the caller's deadline decides whether to wait again).
    /// Waits for input until `deadline`: nil once it has passed, else whether input is ready
    /// (false when a signal or the wait's end came first: ask again, the deadline decides).
    public func waitForInput(until deadline: ContinuousClock.Instant) throws(SystemError) -> Bool? {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        let milliseconds = Int32(clamping: max(1, seconds.multipliedReportingOverflow(by: 1000).partialValue
                                                   + attoseconds / 1_000_000_000_000_000))
        return try waitForInput(milliseconds: milliseconds)
    }

    public func waitForInput(milliseconds: Int32) throws(SystemError) -> Bool {
        var descriptor = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 {
            if errno == EINTR { return false }
            throw SystemError.last("wait for input on", path: path)
        }
        return ready > 0
    }
}
