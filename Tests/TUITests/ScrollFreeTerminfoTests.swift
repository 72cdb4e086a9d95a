import Glibc
import Testing
@testable import TUI

/// The terminfo entry ncurses gets lacks exactly the capabilities it moves lines with.
@Suite struct ScrollFreeTerminfoTests {
    @Test func theFilterDropsOnlyTheLineMovingCapabilities() {
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
        let kept = ScrollFreeTerminfo.withoutLineMoves(source).split(separator: "\n").map(String.init)
        #expect(kept == [
            "#\tReconstructed via infocmp from file: /usr/share/terminfo/x/xterm-256color",
            "xterm-256color|xterm with 256 colors,",
            "\tam,", "\tcols#80,", "\tkind=\\E[1;2B,", "\tkri=\\E[1;2A,",
            "\trmcup=\\E[?1049l\\E[23;0;0t,", "\tXM=\\E[?1006;1000%?%p1%{1}%=%th%el%;,",
        ])
    }

    @Test func theCompiledEntryIsTheTerminalsWithoutLineMoves() throws {
        let terminfo = try #require(ScrollFreeTerminfo(terminal: "xterm-256color"))
        defer { terminfo.remove() }
        func capabilities(_ arguments: [String]) throws -> [String] {
            let path = terminfo.directory + "/dump.src"
            #expect(ScrollFreeTerminfo.run(["infocmp", "-x", "-1"] + arguments + ["xterm-256color"], stdout: path))
            let text = try #require(ScrollFreeTerminfo.read(path))
            unlink(path)
            return text.split(separator: "\n").filter { $0.first == "\t" }.map(String.init)
        }
        let system = try capabilities([])
        let compiled = try capabilities(["-A", terminfo.directory])
        let name = { (line: String) in String(line.dropFirst().prefix { !"=#,@".contains($0) }) }
        #expect(system.contains { name($0) == "csr" } && system.contains { name($0) == "indn" })
        #expect(compiled == system.filter { !ScrollFreeTerminfo.lineMovingCapabilities.contains(name($0)) })
        #expect(compiled.contains { name($0) == "XM" })  // extended capabilities survive
    }

    @Test func noEntryForAnUnknownTerminal() {
        #expect(ScrollFreeTerminfo(terminal: "no-such-terminal-anywhere") == nil)
        #expect(ScrollFreeTerminfo(terminal: "../x") == nil)
    }
}
