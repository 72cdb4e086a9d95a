import Imaging
import TUI

extension TerminalImage {
    /// A rendered picture as a placeable image; `id` names the content so unchanged images are
    /// not re-sent. The renderer made every escape sequence once; nothing is encoded here.
    init(_ picture: RenderedPicture, id: String) {
        let size = Size(columns: picture.columns, rows: picture.rows)
        let fullID = "\(id)/\(picture.columns)x\(picture.rows)"
        switch picture.content {
        case .text(let lines, _):
            self.init(id: fullID, size: size, lines: lines)
        case .sixel(let bytes):
            self.init(id: fullID, size: size, content: .graphic(TerminalGraphic(bytes: bytes, kind: .sixel)))
        case .iterm(let bytes):
            self.init(id: fullID, size: size, content: .graphic(TerminalGraphic(bytes: bytes, kind: .iterm)))
        case .kitty(let kitty):
            let image = KittyImage(id: kitty.id, transmission: kitty.transmission,
                                   deletePlacements: kitty.deletePlacements, free: kitty.free,
                                   storedBytes: kitty.storedBytes)
            self.init(id: fullID, size: size, content: .graphic(TerminalGraphic(bytes: kitty.placement, kind: .kitty(image))))
        }
    }
}
