import TerminalVocabulary
import TUI

/// Pictures whose escape sequences are readable markers, so a frame's bytes show which command
/// went out.
enum GraphicFixture {
    enum Kind { case sixel, iterm, kitty(UInt32) }

    static func kitty(_ id: UInt32, placement: [UInt8] = [], storedBytes: Int = 100) -> KittyPicture {
        KittyPicture(id: id, transmission: Array("<tx \(id)>".utf8), placement: placement,
                     deletePlacements: Array("<del \(id)>".utf8), free: Array("<free \(id)>".utf8),
                     storedBytes: storedBytes)
    }

    /// A graphic of `kind` over `size` whose payload (the kitty placement) is `bytes`.
    static func image(_ id: String, _ kind: Kind, bytes: [UInt8], size: CellSize) -> TerminalImage {
        let content: RenderedPicture.Content = switch kind {
        case .sixel: .sixel(bytes)
        case .iterm: .iterm(bytes)
        case .kitty(let kittyID): .kitty(kitty(kittyID, placement: bytes))
        }
        return TerminalImage(RenderedPicture(columns: size.columns, rows: size.rows, content: content), id: id)
    }
}
