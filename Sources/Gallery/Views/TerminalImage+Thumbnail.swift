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
                      content: .graphic(TerminalGraphic(bytes, graphicProtocol, columns: thumbnail.columns, rows: thumbnail.rows)))
        }
    }
}

extension TerminalGraphic {
    /// A thumbnail's payload; a kitty one (a transmission) becomes a placement over `columns` x
    /// `rows` cells of the image it transmits.
    init(_ bytes: [UInt8], _ graphicProtocol: GraphicProtocol, columns: Int, rows: Int) {
        switch graphicProtocol {
        case .sixel: self.init(bytes: bytes, kind: .sixel)
        case .iterm: self.init(bytes: bytes, kind: .iterm)
        case .kitty(let id, let storedBytes):
            let image = KittyImage(id: id, transmission: bytes, deletePlacements: KittyGraphics.deletePlacements(id: id),
                                   free: KittyGraphics.free(id: id), storedBytes: storedBytes)
            self.init(bytes: KittyGraphics.place(id: id, columns: columns, rows: rows), kind: .kitty(image))
        }
    }
}
