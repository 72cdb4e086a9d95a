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

    /// tmux 3.6a's reply in a kitty window: its XTVERSION answer, the pane, passthrough off.
    static func kitty(_ version: String, features: String = "256,RGB", pane: String = "%7", passthrough: String = "off") -> String {
        "3.6a\t\(features)\txterm-kitty\t1\tkitty(\(version))\t\(pane)\t\(passthrough)\n"
    }

    @Test func kittyPlaceholdersNeedKitty028OrGhosttyAnd24BitColour() throws {
        let new = try #require(TmuxClient(reply: Self.kitty("0.28.1")))
        #expect(new.terminalType == "kitty(0.28.1)" && new.pane == "%7" && !new.allowsPassthrough)
        #expect(new.passesKittyPlaceholders)
        #expect(try #require(TmuxClient(reply: Self.kitty("0.35.2"))).passesKittyPlaceholders)
        // kitty 0.26 (this machine's) has no placeholders.
        #expect(try #require(TmuxClient(reply: Self.kitty("0.26.5"))).passesKittyPlaceholders == false)
        // Without RGB tmux would turn the id's colour into one of 256.
        #expect(try #require(TmuxClient(reply: Self.kitty("0.30.0", features: "256"))).passesKittyPlaceholders == false)
        let ghostty = try #require(TmuxClient(reply: "3.4\t256,RGB\txterm-ghostty\t\tghostty 1.1.3\t%0\ton\n"))
        #expect(ghostty.passesKittyPlaceholders && ghostty.allowsPassthrough)
        #expect(try #require(TmuxClient(reply: "3.4\t256,RGB,sixel\txterm\t\tXTerm(379)\t%0\toff\n")).passesKittyPlaceholders == false)
        // tmux before 3.3 names no client terminal type.
        #expect(try #require(TmuxClient(reply: Self.debian)).passesKittyPlaceholders == false)
    }

    @Test func eachPaneHasItsOwnKittyIds() throws {
        let ids = try (0..<3).map { try #require(TmuxClient(reply: Self.kitty("0.28.1", pane: "%\($0)"))).kittyPlaceholderIDs }
        #expect(ids[0] == 0x01_0001...0x01_FFFF)
        #expect(!ids[0].overlaps(ids[1]) && !ids[1].overlaps(ids[2]))
        #expect(ids.allSatisfy { $0.upperBound <= 0xFF_FFFF }, "24 bits: what a foreground colour carries")
    }

    @Test func insideTmuxWithKittyOutsidePicturesAreShownByPlaceholders() throws {
        let tmux = try #require(TmuxClient(reply: Self.kitty("0.28.1")))
        let capabilities = TerminalCapabilities().inside(tmux)
        #expect(capabilities.kitty && capabilities.kittyByPlaceholders && capabilities.kittyImageIDs == tmux.kittyPlaceholderIDs)
        // kitty 0.26 outside tmux: placed by id as before, any id.
        let outside = TerminalCapabilities(kitty: true)
        #expect(!outside.kittyByPlaceholders && outside.kittyImageIDs == nil)
        let kitty026 = try #require(TmuxClient(reply: Self.kitty("0.26.5")))
        let old = TerminalCapabilities().inside(kitty026)
        #expect(!old.kitty && !old.kittyByPlaceholders)
        // The status bar says why.
        #expect(kitty026.noPixelsReason == "tmux 3.6a: kitty(0.26.5) has no placeholders")
        #expect(try #require(TmuxClient(reply: Self.kitty("0.30.0", features: "256"))).noPixelsReason == "tmux 3.6a: no 24-bit colour")
    }

    @Test func passthroughIsPutBackAsThePaneHadIt() {
        let own = PassthroughGrant(program: "tmux", pane: "%3", ownValue: "off")
        #expect(own.restoringCommand == ["tmux", "set-option", "-p", "-t", "%3", "allow-passthrough", "off"])
        let inherited = PassthroughGrant(program: "tmux", pane: "%3", ownValue: nil)
        #expect(inherited.restoringCommand == ["tmux", "set-option", "-p", "-u", "-t", "%3", "allow-passthrough"])
    }
}
