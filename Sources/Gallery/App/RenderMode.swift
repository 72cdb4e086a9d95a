import Observation
public import Imaging
import TerminalEnvironment
public import TUI

/// How images are drawn: real pixels through a graphics protocol, or text art.
public enum RenderMode: String, Sendable, CaseIterable {
    case sixel, kitty, iterm, halfblock, ascii

    /// The best mode the terminal can do: sixel, then kitty, then iTerm2 images; without pixel
    /// graphics the text art `TerminalGuess` picks from the environment (ASCII without colour).
    public static func best(for capabilities: TerminalCapabilities, environment: [String: String]) -> RenderMode {
        if capabilities.sixel { return .sixel }
        if capabilities.kitty { return .kitty }
        if capabilities.iterm { return .iterm }
        switch TerminalGuess(environment: environment).textArt {
        case .halfBlocks: return .halfblock
        case .ascii: return .ascii
        }
    }

    /// Whether this mode draws pixels (and so needs the cell size in pixels).
    public var isPixelMode: Bool { pixelMode != nil }

    /// The renderer for this mode in a terminal with `capabilities`.
    public func makeRenderer(capabilities: TerminalCapabilities, depth: ColorDepth) -> any ThumbnailRendering {
        if let pixelMode {
            return PixelThumbnailRenderer(
                mode: pixelMode, cellWidth: capabilities.cellPixelSize.width,
                cellHeight: capabilities.cellPixelSize.height, sixelColorRegisters: capabilities.sixelColorRegisters)
        }
        return ImagingThumbnailRenderer(style: self == .ascii ? .ascii : .halfBlocks, depth: depth)
    }

    private var pixelMode: PixelThumbnailRenderer.Mode? {
        switch self {
        case .sixel: return .sixel
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .halfblock, .ascii: return nil
        }
    }
}
