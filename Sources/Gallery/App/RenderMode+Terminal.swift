public import Imaging
public import TerminalVocabulary
public import TUI

extension RenderMode {
    /// The best mode the terminal can do: sixel, then kitty, then iTerm2 images; without pixel
    /// graphics the text art `TerminalGuess` picks from the environment (ASCII without colour).
    public static func best(for capabilities: TerminalCapabilities, environment: [String: String]) -> RenderMode {
        if capabilities.sixel { return .sixel }
        if capabilities.kitty { return .kitty }
        if capabilities.iterm { return .iterm }
        return TerminalGuess(environment: environment).textArt
    }

    /// The renderer for this mode in a terminal with `capabilities`, transparent pixels
    /// composited over `background`.
    public func makeRenderer(capabilities: TerminalCapabilities, depth: ColorDepth,
                             background: RGB = RGB(0, 0, 0), kittyPixels: KittyPicture.Pixels = .rgb) -> any ThumbnailRendering {
        ThumbnailRenderer(mode: self, cell: capabilities.cellPixelSize, depth: depth,
                          sixelColorRegisters: capabilities.sixelColorRegisters, background: background,
                          kittyPixels: kittyPixels, kittyPlaceholderIDs: capabilities.kittyImageIDs)
    }
}
