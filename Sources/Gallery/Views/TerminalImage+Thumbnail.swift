import Imaging
import TUI

extension TerminalImage {
    /// A rendered thumbnail as a placeable image; `id` names the content so unchanged images are not re-sent.
    init(_ thumbnail: Thumbnail, id: String) {
        let size = Size(columns: thumbnail.columns, rows: thumbnail.rows)
        let fullID = "\(id)/\(thumbnail.columns)x\(thumbnail.rows)"
        switch thumbnail.content {
        case .text(let lines, _):
            self.init(id: fullID, size: size, lines: lines)
        case .graphic(let bytes, let graphicProtocol):
            self.init(id: fullID, size: size,
                      content: .graphic(TerminalGraphic(bytes: bytes, kind: TerminalGraphic.Kind(graphicProtocol))))
        }
    }
}

extension TerminalGraphic.Kind {
    init(_ graphicProtocol: GraphicProtocol) {
        switch graphicProtocol {
        case .sixel: self = .sixel
        case .iterm: self = .iterm
        case .kitty(let id): self = .kitty(id: id, delete: KittyGraphics.delete(id: id))
        }
    }
}
