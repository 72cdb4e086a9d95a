import ArgumentParser
import Gallery
import Imaging
import TerminalVocabulary
import TUI

/// `--render`: what the user may force. `auto` asks the terminal what it can draw.
enum RenderModeOption: String, ExpressibleByArgument, CaseIterable {
    case auto, sixel, kitty, iterm, halfblock, ascii
}

extension RenderModeOption {
    /// The mode to use, what the terminal can do, and why the mode is not the one asked for
    /// (nil when it is). The terminal is asked (before curses takes it) for `auto` and for the
    /// pixel modes, which need the cell size in pixels; inside tmux, tmux is asked.
    func resolve(environment: [String: String]) -> (mode: RenderMode, capabilities: TerminalCapabilities, note: String?) {
        let forced = RenderMode(rawValue: rawValue)
        let capabilities = forced?.drawsPixels ?? true
            ? TerminalCapabilities.detect(environment: environment, kittyQuery: KittyGraphics.supportQuery)
            : TerminalCapabilities.guess(environment: environment).inside(TmuxClient.ask(environment: environment))
        let (mode, note) = Self.mode(forced: forced, capabilities: capabilities, environment: environment)
        return (mode, capabilities, note)
    }

    /// `forced` (nil: the best the terminal can do), except sixel inside a tmux that cannot show
    /// it: text art then, and the reason ("tmux 3.3a: no sixel") rather than blank cells.
    static func mode(forced: RenderMode?, capabilities: TerminalCapabilities,
                     environment: [String: String]) -> (RenderMode, note: String?) {
        let textArt = TerminalGuess(environment: environment).textArt
        guard let forced else {
            let best = RenderMode.best(for: capabilities, environment: environment)
            return (best, best.drawsPixels ? nil : capabilities.tmux?.noPixelsReason)
        }
        if forced == .sixel, let reason = capabilities.tmux?.noPixelsReason { return (textArt, reason) }
        return (forced, nil)
    }
}
