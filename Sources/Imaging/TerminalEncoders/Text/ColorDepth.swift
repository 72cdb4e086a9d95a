import TerminalVocabulary

/// How many colours the terminal can show, which decides the SGR codes `CellArt.ansiLine` emits.
public enum ColorDepth: Sendable, Equatable, CaseIterable {
    /// 24-bit colour: `38;2;r;g;b`.
    case trueColor
    /// The xterm 256-colour palette: `38;5;n` with n in 16...255.
    case palette256
    /// The 16 ANSI colours: `30`–`37`, `90`–`97`.
    case palette16
    /// No colour codes at all.
    case none

    /// The depth a terminal with this environment supports. No colour where the shared rule
    /// (`TerminalGuess.hasColor`) says so: `NO_COLOR` (non-empty, see no-color.org), a dumb or DEC
    /// VT terminal, no `TERM`. Then `COLORTERM=truecolor|24bit` or `trueColor` (what the app
    /// learnt by asking: tmux passing 24-bit colour on), then a `TERM` naming `256color`; anything
    /// else gets the 16 basic colours.
    public static func fromEnvironment(_ env: [String: String], trueColor: Bool = false) -> ColorDepth {
        let guess = TerminalGuess(environment: env)
        guard guess.hasColor else { return .none }
        if guess.declaresTrueColor || trueColor { return .trueColor }
        if (env["TERM"] ?? "").lowercased().contains("256color") { return .palette256 }
        return .palette16
    }

    /// `rgb` as this depth can show it, nil for `.none`.
    func terminalColor(_ rgb: RGB) -> TerminalColor? {
        switch self {
        case .trueColor: return .rgb(rgb)
        case .palette256: return .indexed(TerminalPalette.nearest256(rgb))
        case .palette16: return .basic(TerminalPalette.nearest16(rgb))
        case .none: return nil
        }
    }
}

/// A colour as written in an SGR sequence.
enum TerminalColor: Equatable {
    case rgb(RGB)
    /// An xterm 256-palette index.
    case indexed(Int)
    /// One of the 16 ANSI colours, 0...15.
    case basic(Int)

    /// SGR parameters that select this colour as foreground or background.
    func parameters(background: Bool) -> String {
        switch self {
        case .rgb(let c): return "\(background ? 48 : 38);2;\(c.r);\(c.g);\(c.b)"
        case .indexed(let n): return "\(background ? 48 : 38);5;\(n)"
        case .basic(let n) where n < 8: return "\((background ? 40 : 30) + n)"
        case .basic(let n): return "\((background ? 100 : 90) + n - 8)"
        }
    }
}
