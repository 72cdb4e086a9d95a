import ArgumentParser
import Gallery

/// `--render`: what the user may force. `auto` picks from the terminal's environment.
enum RenderModeOption: String, ExpressibleByArgument, CaseIterable {
    case auto, halfblock, ascii
}

extension RenderModeOption {
    /// `auto` picks half-blocks wherever the terminal has colour, ASCII on dumb terminals and with NO_COLOR.
    func resolvedStyle(environment: [String: String]) -> ImagingThumbnailRenderer.Style {
        switch self {
        case .halfblock: return .halfBlocks
        case .ascii: return .ascii
        case .auto:
            let term = environment["TERM"] ?? ""
            if environment["NO_COLOR"] != nil || term.isEmpty || term == "dumb" || term.hasPrefix("vt") { return .ascii }
            return .halfBlocks
        }
    }
}
