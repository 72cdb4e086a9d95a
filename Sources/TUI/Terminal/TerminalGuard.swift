import CNcurses
import CTerminalGuard

/// Puts the tty back if the process dies without `Terminal.stop()`: on a crash signal (a chained
/// handler that only writes a precomputed reset sequence and restores termios, then lets the
/// previous handler, the Swift backtracer, run) and at `exit()`. The handler is C
/// (`CTerminalGuard`): only async-signal-safe calls may run in it.
enum TerminalGuard {
    /// Remembers the tty mode to come back to. Call before curses changes it.
    static func saveTTY(fileDescriptor: Int32) -> Bool {
        terminal_guard_save_tty(fileDescriptor) == 0
    }

    static func arm(resetSequence: [UInt8]) {
        resetSequence.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { terminal_guard_arm($0.baseAddress, $0.count) }
        }
    }

    /// After a clean shutdown: previous crash handlers back, nothing written at exit.
    static func disarm() { terminal_guard_disarm() }

    /// The bytes that undo what curses did to the screen, from terminfo where it knows them.
    static func resetSequence() -> [UInt8] {
        func capability(_ name: String, or fallback: String) -> [UInt8] {
            guard let value = cn_tigetstr(name) else { return Array(fallback.utf8) }
            return Array(String(cString: value).utf8)
        }
        return capability("sgr0", or: "\u{1B}[0m")
            + Array("\u{1B}[?2026l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1004l".utf8)
            + capability("rmkx", or: "")
            + capability("cnorm", or: "\u{1B}[?25h")
            + capability("rmcup", or: "")
    }
}
