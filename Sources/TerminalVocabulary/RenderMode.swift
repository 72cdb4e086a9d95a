/// How pictures are drawn: real pixels through a terminal graphics protocol (sixel, kitty,
/// iTerm2), or text art (half-blocks, ASCII). The one name for it in `gallery view`, the app, its
/// renderers and its cache keys.
public enum RenderMode: String, Sendable, CaseIterable {
    case sixel, kitty, iterm, halfblock, ascii

    /// Whether the mode draws real pixels (sized by the cell's pixel size) rather than characters.
    public var drawsPixels: Bool {
        switch self {
        case .sixel, .kitty, .iterm: return true
        case .halfblock, .ascii: return false
        }
    }

    /// The mode the environment alone asks for, without querying the terminal: the pixel protocol
    /// `TerminalGuess` names, else its text art. `gallery view`'s default and the app's first guess.
    public init(guess: TerminalGuess) {
        self = guess.graphics ?? guess.textArt
    }
}
