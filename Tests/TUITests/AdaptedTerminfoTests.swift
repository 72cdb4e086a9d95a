import Glibc
import Testing
@testable import TUI

/// The terminfo entry ncurses gets lacks exactly the capabilities it moves lines with, and reports
/// the mouse in SGR form.
@Suite struct AdaptedTerminfoTests {
    @Test func theAdaptationDropsOnlyTheLineMovingCapabilities() {
        let source = """
            #\tReconstructed via infocmp from file: /usr/share/terminfo/x/xterm-256color
            xterm-256color|xterm with 256 colors,
            \tam,
            \tcols#80,
            \tcsr=\\E[%i%p1%d;%p2%dr,
            \tdl=\\E[%p1%dM,
            \tdl1=\\E[M,
            \til=\\E[%p1%dL,
            \til1=\\E[L,
            \tind=\\n,
            \tindn=\\E[%p1%dS,
            \tkind=\\E[1;2B,
            \tkri=\\E[1;2A,
            \tri=\\EM,
            \trin=\\E[%p1%dT,
            \trmcup=\\E[?1049l\\E[23;0;0t,
            \tXM=\\E[?1006;1000%?%p1%{1}%=%th%el%;,
            """
        let kept = AdaptedTerminfo.adapted(source).split(separator: "\n").map(String.init)
        #expect(kept == [
            "#\tReconstructed via infocmp from file: /usr/share/terminfo/x/xterm-256color",
            "xterm-256color|xterm with 256 colors,",
            "\tam,", "\tcols#80,", "\tkind=\\E[1;2B,", "\tkri=\\E[1;2A,",
            "\trmcup=\\E[?1049l\\E[23;0;0t,", "\tXM=\\E[?1006;1000%?%p1%{1}%=%th%el%;,",
        ])
    }

    /// X10 mouse reports (`kmous=\E[M`, as `screen` and `xterm-kitty` have) froze the app on a
    /// click from column 95 on: ncurses waited in a blocking read for the rest of a UTF-8 character.
    @Test func x10MouseReportsBecomeSGRReports() throws {
        let source = "screen|VT 100/ANSI X3.64 virtual terminals,\n\tam,\n\tkmous=\\E[M,\n\tkcub1=\\EOD,\n"
        #expect(AdaptedTerminfo.adapted(source).split(separator: "\n").map(String.init) == [
            "screen|VT 100/ANSI X3.64 virtual terminals,", "\tam,", "\tkcub1=\\EOD,",
            "\tkmous=\\E[<,", "\tXM=\\E[?1006;1000%?%p1%{1}%=%th%el%;,",
        ])
        // Without a mouse there is nothing to report it with.
        #expect(AdaptedTerminfo.adapted("ansi|ansi,\n\tam,") == "ansi|ansi,\n\tam,")
        let terminfo = try #require(AdaptedTerminfo(terminal: "screen"))
        defer { terminfo.remove() }
        let path = terminfo.directory + "/dump.src"
        #expect(AdaptedTerminfo.run(["infocmp", "-x", "-1", "-A", terminfo.directory, "screen"], stdout: path))
        let compiled = try #require(AdaptedTerminfo.read(path))
        #expect(compiled.contains("\tkmous=\\E[<,") && compiled.contains("\tXM=\\E[?1006;1000"), "\(compiled)")
    }

    @Test func theCompiledEntryIsTheTerminalsWithoutLineMoves() throws {
        let terminfo = try #require(AdaptedTerminfo(terminal: "xterm-256color"))
        defer { terminfo.remove() }
        func capabilities(_ arguments: [String]) throws -> [String] {
            let path = terminfo.directory + "/dump.src"
            #expect(AdaptedTerminfo.run(["infocmp", "-x", "-1"] + arguments + ["xterm-256color"], stdout: path))
            let text = try #require(AdaptedTerminfo.read(path))
            unlink(path)
            return text.split(separator: "\n").filter { $0.first == "\t" }.map(String.init)
        }
        let system = try capabilities([])
        let compiled = try capabilities(["-A", terminfo.directory])
        let name = { (line: String) in String(line.dropFirst().prefix { !"=#,@".contains($0) }) }
        #expect(system.contains { name($0) == "csr" } && system.contains { name($0) == "indn" })
        #expect(compiled == system.filter { !AdaptedTerminfo.lineMovingCapabilities.contains(name($0)) })
        #expect(compiled.contains { name($0) == "XM" })  // extended capabilities survive
    }

    @Test func aScrollingRegionIsKnownThoughTheEntryLeavesItOut() throws {
        let xterm = try #require(AdaptedTerminfo(terminal: "xterm-256color"))
        defer { xterm.remove() }
        #expect(xterm.hasScrollingRegion)
        // The Linux console's entry has csr too; a printing terminal's has none.
        #expect(AdaptedTerminfo.capabilityNames("tty33|x,\n\tam,\n\tbel=^G,\n\tcr=\\r,\n").contains("csr") == false)
        #expect(AdaptedTerminfo.capabilityNames("t|x,\n\tcsr=\\E[%i%p1%d;%p2%dr,\n") == ["csr"])
    }

    @Test func noEntryForAnUnknownTerminal() {
        #expect(AdaptedTerminfo(terminal: "no-such-terminal-anywhere") == nil)
        #expect(AdaptedTerminfo(terminal: "../x") == nil)
    }
}
