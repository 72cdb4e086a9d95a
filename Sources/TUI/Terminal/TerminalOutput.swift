import OperatingSystem

/// Direct writes to the terminal (fd 1), past ncurses, for what it cannot draw.
enum TerminalOutput {
    /// Errors are dropped: a terminal that went away ends the app by its hang-up signal.
    static func write(_ bytes: [UInt8], to fd: Int32 = 1) {
        try? FileDescriptor(fd).write(all: bytes)
    }
}
