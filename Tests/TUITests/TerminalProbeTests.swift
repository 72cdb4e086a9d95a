import CNcurses
import Glibc
import OperatingSystem
import Testing
@testable import TUI

/// The probe on a pseudo-terminal: the test holds the terminal's side (the master).
@Suite struct TerminalProbeTests {
    /// A pty pair: the probe uses the slave as its tty.
    final class PseudoTerminal {
        struct Unavailable: Error {}
        let master: Int32
        let slave: Int32

        init() throws {
            var master: Int32 = -1, slave: Int32 = -1
            guard cn_openpty(&master, &slave) == 0 else { throw Unavailable() }
            self.master = master
            self.slave = slave
            // Replies come after the probe turned echo off; written before it, they would echo.
            var mode = termios()
            tcgetattr(slave, &mode)
            mode.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(slave, TCSANOW, &mode)
        }

        deinit {
            close(slave)
            close(master)
        }

        func terminalWrites(_ text: String) {
            TerminalOutput.write(Array(text.utf8), to: master)
        }

        /// What the probe wrote to the terminal.
        func received() -> String {
            var bytes = [UInt8](repeating: 0, count: 4096)
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return "" }
            let count = bytes.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        }
    }

    @Test func repliesAlreadyWaitingAreReadAndTheQueryIsSent() throws {
        let pty = try PseudoTerminal()
        pty.terminalWrites("\u{1B}[?1;0;256S\u{1B}[?63;1;4c")
        let probe = TerminalProbe(input: FileDescriptor(pty.slave), output: FileDescriptor(pty.slave))
        let clock = ContinuousClock()
        let start = clock.now
        let replies = probe.ask(Array("\u{1B}[c".utf8), timeout: .seconds(2))
        #expect(clock.now - start < .seconds(1), "complete replies end the wait at once")
        #expect(replies.sixel && replies.sixelColorRegisters == 256)
        #expect(pty.received() == "\u{1B}[c")
    }

    @Test func aSilentTerminalCostsOnlyTheTimeout() throws {
        let pty = try PseudoTerminal()
        pty.terminalWrites("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?6")  // a reply cut short, no DA1
        let probe = TerminalProbe(input: FileDescriptor(pty.slave), output: FileDescriptor(pty.slave))
        let clock = ContinuousClock()
        let start = clock.now
        let replies = probe.ask(Array("\u{1B}[c".utf8), timeout: .milliseconds(30))
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(30) && elapsed < .seconds(1))
        #expect(!replies.isComplete)
        #expect(replies.kittyGraphics == true)
    }
}
