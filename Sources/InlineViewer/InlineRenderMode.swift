import TerminalEnvironment

/// `gallery view --render`: how each image is printed.
enum InlineRenderMode: String, CaseIterable {
    case sixel, kitty, iterm, halfblock, ascii

    /// The mode the environment asks for, without querying the terminal: the pixel protocol
    /// `TerminalGuess` names, else its text art (the full-screen app starts from the same guess).
    static func fromEnvironment(_ variable: (String) -> String?) -> InlineRenderMode {
        let guess = TerminalGuess(environment: variable)
        switch (guess.graphics, guess.textArt) {
        case (.sixel?, _): return .sixel
        case (.kitty?, _): return .kitty
        case (.iterm?, _): return .iterm
        case (nil, .halfBlocks): return .halfblock
        case (nil, .ascii): return .ascii
        }
    }

    /// Whether the mode draws real pixels (sized by the cell's pixel size) rather than characters.
    var drawsPixels: Bool {
        switch self {
        case .sixel, .kitty, .iterm: return true
        case .halfblock, .ascii: return false
        }
    }
}
