import ArgumentParser
import Glibc

/// `gallery view --render`: how each image is printed.
enum InlineRenderMode: String, ExpressibleByArgument, CaseIterable {
    case sixel, kitty, iterm, halfblock, ascii

    /// The mode the environment clearly asks for, without querying the terminal: kitty graphics in
    /// kitty and Ghostty, iTerm2 images in iTerm2 and WezTerm, sixel where `TERM` names a sixel
    /// terminal (foot, mlterm, a `*-sixel` entry); inside tmux or screen, whose passthrough is
    /// unreliable, and everywhere else half-blocks; ASCII on a dumb terminal or with `NO_COLOR`.
    static func fromEnvironment(_ variable: (String) -> String?) -> InlineRenderMode {
        let term = variable("TERM")?.lowercased() ?? ""
        let program = variable("TERM_PROGRAM")?.lowercased() ?? ""
        if term == "dumb" || !(variable("NO_COLOR") ?? "").isEmpty { return .ascii }
        if variable("TMUX") != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return .halfblock }
        if variable("KITTY_WINDOW_ID") != nil || term == "xterm-kitty" || term == "xterm-ghostty"
            || program == "ghostty" { return .kitty }
        if program == "iterm.app" || program == "wezterm" { return .iterm }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.hasSuffix("-sixel") { return .sixel }
        return .halfblock
    }

    /// Whether the mode draws real pixels (sized by the cell's pixel size) rather than characters.
    var drawsPixels: Bool {
        switch self {
        case .sixel, .kitty, .iterm: return true
        case .halfblock, .ascii: return false
        }
    }
}
