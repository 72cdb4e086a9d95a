import TUI

extension TerminalImage {
    /// A rendered thumbnail as a placeable image; `id` names the content so unchanged images are
    /// not re-sent. The renderer made the graphic's bytes once; nothing is encoded here.
    init(_ thumbnail: Thumbnail, id: String) {
        let size = Size(columns: thumbnail.columns, rows: thumbnail.rows)
        let fullID = "\(id)/\(thumbnail.columns)x\(thumbnail.rows)"
        switch thumbnail.content {
        case .text(let lines, _): self.init(id: fullID, size: size, lines: lines)
        case .graphic(let graphic): self.init(id: fullID, size: size, content: .graphic(graphic))
        }
    }
}
