import TerminalVocabulary
import Testing

@Suite struct TerminalGuessTests {
    /// One row per branch of the rule: the environment, the protocol it names, the text art.
    @Test(arguments: [
        // Text only: no protocol named, colour or not.
        (["TERM": "xterm-256color"], nil, .halfblock),
        (["TERM": "linux"], nil, .halfblock),
        (["TERM": "vte-256color"], nil, .halfblock),
        ([:], nil, .ascii),
        (["TERM": ""], nil, .ascii),
        (["TERM": "dumb"], nil, .ascii),
        (["TERM": "vt100"], nil, .ascii),
        (["TERM": "VT220"], nil, .ascii),
        (["TERM": "xterm", "NO_COLOR": "1"], nil, .ascii),
        (["TERM": "xterm", "NO_COLOR": ""], nil, .halfblock),
        // Protocols named by TERM, which wins over inherited variables.
        (["TERM": "xterm-kitty"], .kitty, .halfblock),
        (["TERM": "xterm-ghostty"], .kitty, .halfblock),
        (["TERM": "foot"], .sixel, .halfblock),
        (["TERM": "foot-extra"], .sixel, .halfblock),
        (["TERM": "mlterm-256color"], .sixel, .halfblock),
        (["TERM": "xterm-sixel"], .sixel, .halfblock),
        (["TERM": "foot", "KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "WezTerm"], .sixel, .halfblock),
        // Protocols named by the terminal's own variables.
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty, .halfblock),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"], .kitty, .halfblock),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm, .halfblock),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .iterm, .halfblock),
        (["TERM": "xterm", "TERM_PROGRAM": "mintty"], .iterm, .halfblock),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], nil, .halfblock),
        // NO_COLOR turns text art to ASCII but leaves the pictures alone.
        (["TERM": "xterm-kitty", "NO_COLOR": "1"], .kitty, .ascii),
        // A terminal that may not parse escapes gets none, whatever it inherited.
        (["TERM": "dumb", "KITTY_WINDOW_ID": "3"], nil, .ascii),
        (["KITTY_WINDOW_ID": "3"], nil, .ascii),
        // Inside a multiplexer only text, whatever the outer terminal is.
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "WezTerm"], nil, .halfblock),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], nil, .halfblock),
        (["TERM": "screen.xterm-256color", "KITTY_WINDOW_ID": "3"], nil, .halfblock),
        (["TERM": "tmux", "NO_COLOR": "yes"], nil, .ascii),
    ] as [([String: String], RenderMode?, RenderMode)])
    func theEnvironmentNamesAProtocolAndATextArt(environment: [String: String], graphics: RenderMode?,
                                                 textArt: RenderMode) {
        let guess = TerminalGuess(environment: environment)
        #expect(guess.graphics == graphics, "\(environment)")
        #expect(guess.textArt == textArt, "\(environment)")
    }

    @Test func tmuxAndScreenAreMultiplexers() {
        #expect(TerminalGuess(environment: ["TERM": "xterm", "TMUX": "/tmp/t,1,0"]).isMultiplexed)
        #expect(TerminalGuess(environment: ["TERM": "screen"]).isMultiplexed)
        #expect(TerminalGuess(environment: ["TERM": "tmux-256color"]).isMultiplexed)
        #expect(!TerminalGuess(environment: ["TERM": "xterm-kitty"]).isMultiplexed)
    }

    /// sshd sets these on the far side of a connection: kitty pictures then go as PNG.
    @Test func sshMakesTheSessionRemote() {
        for variable in ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"] {
            let guess = TerminalGuess(environment: ["TERM": "xterm-kitty", variable: "10.0.0.2 50022 10.0.0.1 22"])
            #expect(guess.isRemote, "\(variable)")
            #expect(KittyPicture.Pixels(for: guess) == .png)
        }
        let local = TerminalGuess(environment: ["TERM": "xterm-kitty", "SSH_CONNECTION": ""])
        #expect(!local.isRemote, "set but empty")
        #expect(KittyPicture.Pixels(for: local) == .rgb)
    }

    @Test func colortermDeclaresTrueColour() {
        #expect(TerminalGuess(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]).declaresTrueColor)
        #expect(TerminalGuess(environment: ["TERM": "xterm", "COLORTERM": "24BIT"]).declaresTrueColor)
        #expect(!TerminalGuess(environment: ["TERM": "xterm", "COLORTERM": "yes"]).declaresTrueColor)
        #expect(!TerminalGuess(environment: ["TERM": "xterm-256color"]).declaresTrueColor)
    }

    @Test func theModeIsTheProtocolNamedElseTheTextArt() {
        #expect(RenderMode(guess: TerminalGuess(environment: ["TERM": "xterm-kitty"])) == .kitty)
        #expect(RenderMode(guess: TerminalGuess(environment: ["TERM": "foot"])) == .sixel)
        #expect(RenderMode(guess: TerminalGuess(environment: ["TERM": "xterm-256color"])) == .halfblock)
        #expect(RenderMode(guess: TerminalGuess(environment: ["TERM": "vt100"])) == .ascii)
        #expect(RenderMode.allCases.filter(\.drawsPixels) == [.sixel, .kitty, .iterm])
    }
}
