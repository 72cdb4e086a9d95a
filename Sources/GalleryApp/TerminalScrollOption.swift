import ArgumentParser
import TUI

/// `--terminal-scroll`: whether a scroll of the grid has the terminal move the rows that stay
/// (sending only the new row: what makes scrolling fast over SSH) or draws every row again.
enum TerminalScrollOption: String, ExpressibleByArgument, CaseIterable {
    /// Text rows always; pictures too in a terminal known to move their pixels with the text.
    case auto
    /// Pictures too, whatever the terminal: for one that moves them and is not known to.
    case on
    /// Every scroll draws the grid again: for a terminal that leaves pictures behind.
    case off

    func regionScrolling(capabilities: TerminalCapabilities) -> RegionScrolling {
        switch self {
        case .auto: return capabilities.regionScrolling
        case .on: return .pictures
        case .off: return .never
        }
    }
}
