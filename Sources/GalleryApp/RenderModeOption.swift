import ArgumentParser
import Gallery
import Imaging
import TerminalEnvironment
import TUI

/// `--render`: what the user may force. `auto` asks the terminal what it can draw.
enum RenderModeOption: String, ExpressibleByArgument, CaseIterable {
    case auto, sixel, kitty, iterm, halfblock, ascii
}

extension RenderModeOption {
    /// The mode to use and what the terminal can do. The terminal is asked (before curses takes
    /// it) for `auto` and for the pixel modes, which need the cell size in pixels.
    func resolve(environment: [String: String]) -> (mode: RenderMode, capabilities: TerminalCapabilities) {
        let forced = RenderMode(rawValue: rawValue)
        guard forced?.drawsPixels ?? true else {
            return (forced ?? .halfblock, TerminalCapabilities.guess(environment: environment))
        }
        let capabilities = TerminalCapabilities.detect(environment: environment, kittyQuery: KittyGraphics.supportQuery)
        return (forced ?? RenderMode.best(for: capabilities, environment: environment), capabilities)
    }
}
