import CNcurses
import Glibc
import OperatingSystem
import Testing

@Suite struct TerminalModeTests {
    /// A pseudo-terminal: (the terminal's side, the program's side). The mode is OperatingSystem's;
    /// the test is here for CNcurses' `openpty`, which Swift's Glibc module does not offer.
    private func pseudoTerminal() throws -> (master: Int32, slave: Int32) {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(cn_openpty(&master, &slave) == 0)
        return (master, slave)
    }

    @Test func aPipeIsNoTerminalAndHasNoModeToChange() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!TerminalMode.isTerminal(FileDescriptor(ends[0])))
        #expect(TerminalMode.withUnbufferedInput(FileDescriptor(ends[0])) { 1 } == nil)
    }

    @Test func unbufferedInputIsUndoneAfterwards() throws {
        let (master, slave) = try pseudoTerminal()
        defer { close(master); close(slave) }
        let terminal = FileDescriptor(slave)
        #expect(TerminalMode.isTerminal(terminal))
        func localFlags() -> tcflag_t {
            var mode = termios()
            tcgetattr(slave, &mode)
            return mode.c_lflag
        }
        let before = localFlags()
        #expect(before & tcflag_t(ICANON) != 0)
        let inside = TerminalMode.withUnbufferedInput(terminal) { localFlags() }
        #expect(inside.map { $0 & tcflag_t(ICANON | ECHO) } == 0)
        #expect(localFlags() == before)
    }

    @Test func waitingForInputEndsWhenInputArrivesOrTimePasses() throws {
        let (master, slave) = try pseudoTerminal()
        defer { close(master); close(slave) }
        let terminal = FileDescriptor(slave)
        _ = try TerminalMode.withUnbufferedInput(terminal) { () throws in
            #expect(try terminal.waitForInput(milliseconds: 20) == false)
            #expect(write(master, "x", 1) == 1)
            #expect(try terminal.waitForInput(milliseconds: 2000))
            #expect(try terminal.read(upTo: 16) == [UInt8(ascii: "x")])
            // What nobody read is thrown away.
            #expect(write(master, "late", 4) == 4)
            #expect(try terminal.waitForInput(milliseconds: 2000))
            TerminalMode.discardInput(terminal)
            #expect(try terminal.waitForInput(milliseconds: 20) == false)
        }
    }
}
