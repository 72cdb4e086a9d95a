public import TerminalVocabulary

/// A picture placed over text cells; drawn after the text layer.
///
/// It is the `RenderedPicture` the renderer made, placed as it is: text rows, or a graphic whose
/// escape sequences were made once (TUI encodes nothing). `id` identifies the content (same id =
/// same pixels), so an unchanged image is not sent to the terminal again; equality and hashing
/// look only at `id` and `size` for that reason, which also keeps them cheap for payloads of many
/// kilobytes.
public struct TerminalImage: Hashable, Sendable {
    public let id: String
    public let picture: RenderedPicture

    /// `picture` under `id`, which names its content (the picture's size counts too: the same
    /// photo rendered for other cells is another image).
    public init(_ picture: RenderedPicture, id: String) {
        self.id = id
        self.picture = picture
    }

    /// A text image of ANSI-coded rows (SGR colours + printable characters), each `size.columns`
    /// cells wide, `size.rows` of them.
    public init(id: String, size: CellSize, lines: [String]) {
        let picture = RenderedPicture(columns: size.columns, rows: size.rows, lines: lines,
                                      plainLines: lines.map { ANSILine($0).plainText })
        self.init(picture, id: id)
    }

    /// The cells the picture covers.
    public var size: CellSize { CellSize(columns: picture.columns, rows: picture.rows) }

    /// The ANSI rows of a text image; empty for a graphic.
    public var lines: [String] { picture.lines }

    /// Whether the picture is a graphic (sixel, kitty, iTerm2) rather than text rows (text art,
    /// kitty's Unicode placeholders).
    public var isGraphic: Bool { !picture.drawsAsText }

    public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool {
        lhs.id == rhs.id && lhs.size == rhs.size
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(size)
    }

    /// The part of the image inside `rect` (in the image's own cells, clipped to the image).
    /// The result has its own id, so a cropped copy is never mistaken for the whole picture.
    /// A graphic cannot be cut by cells: a part of one is blank cells. Text rows (text art, kitty's
    /// Unicode placeholders) are cut by cells.
    public func cropped(to rect: Rect) -> TerminalImage {
        let visible = rect.intersection(Rect(origin: .zero, size: size))
        if visible == Rect(origin: .zero, size: size) { return self }
        let frame = "\(visible.origin.column),\(visible.origin.row),\(visible.size.columns)x\(visible.size.rows)"
        let cropped = TerminalImage(RenderedPicture(
            columns: visible.size.columns, rows: visible.size.rows, content: picture.content), id: "\(id)#crop(\(frame))")
        func cut(_ rows: [String]) -> [String] {
            rows.dropFirst(visible.origin.row).prefix(visible.size.rows).map {
                ANSILine($0).slice(from: visible.origin.column, width: visible.size.columns)
            }
        }
        switch picture.content {
        case .text(let lines, let plain):
            return TerminalImage(RenderedPicture(
                columns: visible.size.columns, rows: visible.size.rows, lines: cut(lines), plainLines: cut(plain)), id: cropped.id)
        case .kitty(let kitty) where kitty.showsAsText:
            // Each placeholder cell names its own row and column: a part of the rows shows that part.
            let part = KittyPicture(id: kitty.id, transmission: kitty.transmission, placement: kitty.placement,
                                    deletePlacements: kitty.deletePlacements, free: kitty.free,
                                    storedBytes: kitty.storedBytes, placeholderRows: cut(kitty.placeholderRows))
            return TerminalImage(RenderedPicture(
                columns: visible.size.columns, rows: visible.size.rows, content: .kitty(part)), id: cropped.id)
        default:
            return cropped.blanked()
        }
    }

    /// Blank cells of the same size in place of the picture (the graphic cannot be shown there).
    func blanked() -> TerminalImage {
        let row = String(repeating: " ", count: max(0, size.columns))
        return TerminalImage(id: "\(id)#blank", size: size, lines: Array(repeating: row, count: max(0, size.rows)))
    }

    /// What a headless screen shows in a graphic's cells.
    var placeholderName: String {
        switch picture.content {
        case .text: return "text"
        case .sixel: return "sixel"
        case .kitty: return "kitty"
        case .iterm: return "iterm"
        }
    }
}
