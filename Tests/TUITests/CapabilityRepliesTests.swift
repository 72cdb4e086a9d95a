import OperatingSystem
import TerminalVocabulary
import Testing
@testable import TUI

@Suite struct CapabilityRepliesTests {
    func parse(_ text: String) -> CapabilityReplies { CapabilityReplies(parsing: Array(text.utf8)) }

    @Test func xtermVT340Replies() {
        // What xterm -ti vt340 with 256 registers answered on this machine (it ignores the kitty
        // query and, with window ops disallowed, CSI 16 t).
        let replies = parse("\u{1B}[?1;0;256S\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        #expect(replies.isComplete)
        #expect(replies.sixel)
        #expect(replies.sixelColorRegisters == 256)
        #expect(replies.kittyGraphics == nil)
        #expect(replies.cellPixelSize == nil)
    }

    @Test func deviceAttributesWithoutFourMeanNoSixel() {
        let replies = parse("\u{1B}[?62;1;6;9;15;22c")
        #expect(replies.isComplete)
        #expect(!replies.sixel)
        #expect(replies.deviceAttributes == [62, 1, 6, 9, 15, 22])
        #expect(!parse("\u{1B}[?64;14c").sixel)  // 14 is not 4
    }

    @Test func kittyReplies() {
        let ok = parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        #expect(ok.kittyGraphics == true)
        #expect(ok.cellPixelSize == PixelSize(width: 10, height: 20))
        #expect(!ok.sixel)
        let refused = parse("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c")
        #expect(refused.kittyGraphics == false)
    }

    @Test func failedOrImplausibleAnswersAreIgnored() {
        // XTSMGRAPHICS status 3 = failure; a 1x1 cell is not a cell size.
        let replies = parse("\u{1B}[?1;3;0S\u{1B}[6;1;1t\u{1B}[?62;4c")
        #expect(replies.sixelColorRegisters == nil)
        #expect(replies.cellPixelSize == nil)
        #expect(replies.sixel)
    }

    @Test func garbageAndKeysInterleavedAreSkipped() {
        let text = "jk\u{1B}[A\u{1B}_Gi=31;OK\u{1B}\\x\u{1B}[?1;0;1024S\u{1B}[6;17;8tq"
            + "\u{1B}[?6\u{1B}O\u{1B}[12;\u{7}\u{1B}[?63;4c"
        let replies = parse(text)
        #expect(replies.kittyGraphics == true)
        #expect(replies.sixelColorRegisters == 1024)
        #expect(replies.cellPixelSize == PixelSize(width: 8, height: 17))
        #expect(replies.deviceAttributes == [63, 4])
    }

    @Test func anIncompleteBurstIsNotComplete() {
        let partial = parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?63;4")
        #expect(partial.kittyGraphics == true)
        #expect(!partial.isComplete)
        #expect(!parse("\u{1B}_Gi=31;OK").isComplete)
        #expect(parse("\u{1B}_Gi=31;OK").kittyGraphics == nil)
    }
}

@Suite struct TerminalCapabilitiesTests {
    func parse(_ text: String) -> CapabilityReplies { CapabilityReplies(parsing: Array(text.utf8)) }

    @Test func environmentGuesses() {
        let kitty = TerminalCapabilities.guess(environment: ["TERM": "xterm-kitty"])
        #expect(kitty.kitty && kitty.trueColor && !kitty.sixel)
        let iterm = TerminalCapabilities.guess(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"])
        #expect(iterm.iterm && !iterm.kitty)
        let plain = TerminalCapabilities.guess(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(!plain.hasPixelGraphics && plain.trueColor)
        #expect(plain.cellPixelSize == TerminalCapabilities.defaultCellPixelSize)
    }

    /// The protocols come from `TerminalGuess`: these differed from the app's old rule.
    @Test func theGuessIsTheSharedEnvironmentRule() {
        let foot = TerminalCapabilities.guess(environment: ["TERM": "foot"])
        #expect(foot.sixel && !foot.kitty && !foot.iterm)
        #expect(TerminalCapabilities.guess(environment: ["TERM": "xterm-ghostty"]).kitty)
        #expect(!TerminalCapabilities.guess(environment: ["TERM": "dumb", "KITTY_WINDOW_ID": "1"]).hasPixelGraphics)
    }

    @Test func aSilentProbeKeepsTheGuessedSixelAndAnAnswerDecides() {
        let foot = TerminalCapabilities.guess(environment: ["TERM": "foot"])
        #expect(foot.refined(by: CapabilityReplies(), window: nil).sixel)
        #expect(!foot.refined(by: CapabilityReplies(parsing: Array("\u{1B}[?62;22c".utf8)), window: nil).sixel)
        #expect(TerminalCapabilities().refined(by: CapabilityReplies(parsing: Array("\u{1B}[?63;4c".utf8)), window: nil).sixel)
    }

    @Test func insideTmuxItIsTextOnlyAndNothingIsAsked() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "WezTerm"]
        #expect(!TerminalCapabilities.guess(environment: environment).hasPixelGraphics)
        #expect(!TerminalCapabilities.shouldProbe(environment))
        #expect(!TerminalCapabilities.shouldProbe(["TERM": "screen"]))
        #expect(!TerminalCapabilities.shouldProbe(["TERM": "dumb"]))
        #expect(!TerminalCapabilities.shouldProbe(["TERM": "linux"]))
        #expect(TerminalCapabilities.shouldProbe(["TERM": "xterm"]))
    }

    @Test func theProbeAsksDeviceAttributesLast() {
        let query = String(decoding: TerminalCapabilities.probeQuery(kittyQuery: Array("K".utf8)), as: UTF8.self)
        #expect(query == "K\u{1B}[?1;1;0S\u{1B}[16t\u{1B}[>0q\u{1B}[>c\u{1B}[c")
    }

    @Test func theTerminalsNameAndKindAreRead() {
        // What xterm -ti vt340 (patch 379) answers to XTVERSION and DA2, then DA1.
        let replies = parse("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[>19;379;0c\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        #expect(replies.terminalVersion == "XTerm(379)")
        #expect(replies.secondaryAttributes == [19, 379, 0])
        #expect(replies.isComplete)
        // An unprintable or overlong name is no name; a DCS that is not XTVERSION's is skipped.
        #expect(parse("\u{1B}P>|XTerm\u{7}(1)\u{1B}\\").terminalVersion == nil)
        #expect(parse("\u{1B}P>|" + String(repeating: "x", count: 65) + "\u{1B}\\").terminalVersion == nil)
        #expect(parse("\u{1B}P1$r0m\u{1B}\\").terminalVersion == nil)
    }

    @Test func onlyTerminalsKnownToMovePicturesWithScrolledRowsAreTrusted() {
        let window = TerminalSize(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0)
        func scrolling(_ replies: String) -> RegionScrolling {
            TerminalCapabilities().refined(by: parse(replies + "\u{1B}[?62;4c"), window: window).regionScrolling
        }
        // Replies of xterm 379 and mlterm 3.9.0 (no XTVERSION) here; foot's from its source.
        #expect(scrolling("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[>19;379;0c") == .picturesMovingUp)
        #expect(scrolling("\u{1B}[>24;279;0c") == .pictures)
        #expect(scrolling("\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[>1;11602;0c") == .pictures)
        // Konsole moves every picture on SU, none on SD; its DA2 kind is foot's and WezTerm's.
        #expect(scrolling("\u{1B}P>|Konsole 24.08.1\u{1B}\\\u{1B}[>1;115;0c") == .text)
        #expect(scrolling("\u{1B}[>1;115;0c") == .text)
        #expect(scrolling("") == .text)
    }

    @Test func cellSizeFromTheWindowThenTheReplyThenTheDefault() {
        let replies = CapabilityReplies(parsing: Array("\u{1B}[6;18;9t\u{1B}[?63;4c".utf8))
        let guess = TerminalCapabilities()
        // xterm 60x12 with its border: 364x160 pixels.
        let xterm = TerminalSize(columns: 60, rows: 12, pixelWidth: 364, pixelHeight: 160)
        #expect(guess.refined(by: replies, window: xterm).cellPixelSize == PixelSize(width: 6, height: 13))
        let noPixels = TerminalSize(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0)
        #expect(guess.refined(by: replies, window: noPixels).cellPixelSize == PixelSize(width: 9, height: 18))
        let silent = guess.refined(by: CapabilityReplies(), window: nil)
        #expect(silent.cellPixelSize == TerminalCapabilities.defaultCellPixelSize)
        #expect(!silent.sixel)
        #expect(guess.refined(by: replies, window: xterm).sixel)
    }
}
