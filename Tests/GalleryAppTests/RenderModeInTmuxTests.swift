import Imaging
import TUI
import TerminalVocabulary
import Testing
@testable import GalleryApp

/// The render mode inside tmux: text art where tmux cannot show sixel, and the reason said.
@Suite struct RenderModeInTmuxTests {
    let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
    let debian = TmuxClient(reply: "3.3a\t256,RGB,title\txterm\t\n")!
    let sixelTmux = TmuxClient(reply: "3.6a\t256,RGB,sixel\txterm\t1\n")!

    @Test func forcedSixelWhereTmuxCannotShowItIsTextWithTheReason() {
        let capabilities = TerminalCapabilities().inside(debian)
        let (mode, note) = RenderModeOption.mode(forced: .sixel, capabilities: capabilities, environment: environment)
        #expect(mode == .halfblock && note == "tmux 3.3a: no sixel")
        // Where tmux shows sixel, what was forced stands.
        #expect(RenderModeOption.mode(forced: .sixel, capabilities: TerminalCapabilities().inside(sixelTmux),
                                      environment: environment) == (.sixel, nil))
        // Outside tmux too.
        #expect(RenderModeOption.mode(forced: .sixel, capabilities: TerminalCapabilities(), environment: ["TERM": "xterm"]) == (.sixel, nil))
    }

    @Test func autoInTmuxSaysWhyThereAreNoPixels() {
        let (mode, note) = RenderModeOption.mode(forced: nil, capabilities: TerminalCapabilities().inside(debian),
                                                 environment: environment)
        #expect(mode == .halfblock && note == "tmux 3.3a: no sixel")
        #expect(RenderModeOption.mode(forced: nil, capabilities: TerminalCapabilities(), environment: ["TERM": "xterm"]) == (.halfblock, nil))
        // A tmux that draws sixel, with a client terminal that has it: sixel, nothing to say.
        #expect(RenderModeOption.mode(forced: nil, capabilities: TerminalCapabilities().inside(sixelTmux),
                                      environment: environment) == (.sixel, nil))
        // NO_COLOR: ASCII, the reason the same.
        var plain = environment
        plain["NO_COLOR"] = "1"
        #expect(RenderModeOption.mode(forced: nil, capabilities: TerminalCapabilities().inside(debian), environment: plain)
                == (.ascii, "tmux 3.3a: no sixel"))
    }

    @Test func tmuxPassingRGBGivesHalfBlocksTheirColours() {
        // xterm sets no COLORTERM, and tmux's TERM names 256 colours: the posterised palette,
        // unless tmux says the terminal outside takes 24-bit colour.
        #expect(ColorDepth.fromEnvironment(environment) == .palette256)
        let capabilities = TerminalCapabilities().inside(debian)
        #expect(ColorDepth.fromEnvironment(environment, trueColor: capabilities.trueColor) == .trueColor)
        #expect(ColorDepth.fromEnvironment(["TERM": "tmux-256color", "NO_COLOR": "1"], trueColor: true) == .none)
    }
}
