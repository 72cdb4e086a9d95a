import Testing
@testable import TUI

/// What tmux says of itself and its client, as `tmux display-message -p` wrote it in xterm
/// `-ti vt340` under Xvfb for Debian's tmux 3.3a and the sixel builds 3.4 and 3.6a.
@Suite struct TmuxClientTests {
    static let debian = "3.3a\t256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,mouse,RGB,strikethrough,title\txterm\t\n"
    static let sixel34 = "3.4\t256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,mouse,RGB,sixel,strikethrough,title\txterm\t\n"
    static let sixel36 = "3.6a\t256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,mouse,rectfill,RGB,sixel,strikethrough,title\txterm\t1\n"

    @Test func theRepliesOfThreeVersions() throws {
        let debian = try #require(TmuxClient(reply: Self.debian))
        #expect(debian.version == "3.3a" && debian.terminalName == "xterm" && debian.builtWithSixel == nil)
        #expect(debian.passesTrueColor && !debian.passesSixel)
        #expect(debian.noPixelsReason == "tmux 3.3a: no sixel")

        let old = try #require(TmuxClient(reply: Self.sixel34))
        #expect(old.passesSixel && old.noPixelsReason == nil)
        let new = try #require(TmuxClient(reply: Self.sixel36))
        #expect(new.builtWithSixel == true && new.passesSixel)
    }

    @Test func sixelNeedsTheReleaseTheBuildAndTheClientTerminal() throws {
        // A detached session: no client, no features.
        let detached = try #require(TmuxClient(reply: "3.6a\t\t\t1\n"))
        #expect(!detached.passesSixel && !detached.passesTrueColor)
        #expect(detached.noPixelsReason == "tmux 3.6a: no sixel from the terminal")
        let plainXterm = try #require(TmuxClient(reply: "3.6a\t256,RGB\txterm-256color\t1\n"))
        #expect(plainXterm.noPixelsReason == "tmux 3.6a: no sixel from xterm-256color")
        let withoutSixel = try #require(TmuxClient(reply: "3.6a\t256,RGB,sixel\txterm\t0\n"))
        #expect(!withoutSixel.passesSixel && withoutSixel.noPixelsReason == "tmux 3.6a built without sixel")
        // A sixel feature named by a tmux before 3.4 (terminal-features set by hand) is no sixel.
        #expect(try #require(TmuxClient(reply: "3.3a\tsixel\txterm\t\n")).noPixelsReason == "tmux 3.3a: no sixel")
    }

    @Test func versionsAsTmuxWritesThem() {
        #expect(TmuxClient(reply: "next-3.7\tsixel\tx\t1\n")?.release.map { [$0.major, $0.minor] } == [3, 7])
        #expect(TmuxClient(reply: "openbsd-7.5\t\t\t\n")?.release.map { [$0.major, $0.minor] } == [7, 5])
        #expect(TmuxClient(reply: "master\t\t\t\n")?.release == nil)
        #expect(TmuxClient(reply: "master\t\t\t\n")?.passesSixel == false)
        for bad in ["", "\n", "3.4", "3.4\tRGB\txterm\n", "\t\t\t\n"] { #expect(TmuxClient(reply: bad) == nil, "\(bad)") }
    }

    @Test func theServersOwnProgramIsAskedFirst() {
        #expect(TmuxClient.programs(forVariable: "/tmp/tmux-0/default,4242,0") == ["/proc/4242/exe", "tmux"])
        #expect(TmuxClient.programs(forVariable: "/tmp/a,b/sock,77,3") == ["/proc/77/exe", "tmux"])
        #expect(TmuxClient.programs(forVariable: "garbage") == ["tmux"])
        #expect(TmuxClient.ask(environment: ["TERM": "xterm"]) == nil, "outside tmux nothing is asked")
    }

    @Test func insideTmuxTheCapabilitiesTakeItsColour() throws {
        let debian = try #require(TmuxClient(reply: Self.debian))
        let capabilities = TerminalCapabilities().inside(debian)
        #expect(capabilities.trueColor && capabilities.tmux == debian && !capabilities.sixel)
        #expect(!TerminalCapabilities().inside(nil).trueColor)
    }
}
