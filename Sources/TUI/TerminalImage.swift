/// A picture placed over text cells; drawn after the text layer.
///
/// Its content is either ANSI text rows or a bitmap payload (sixel, kitty, iTerm2). `id`
/// identifies the content (same id = same pixels), so an unchanged image is not sent to the
/// terminal again; equality and hashing look only at `id` and `size` for that reason, which also
/// keeps them cheap for payloads of many kilobytes.
public struct TerminalImage: Hashable, Sendable {
    public enum Content: Sendable {
        /// ANSI-coded rows (SGR colours + printable characters), each exactly `size.columns` cells
        /// wide, `size.rows` of them.
        case text([String])
        /// A payload drawn with the cursor at the image's top-left cell, covering `size`.
        case graphic(TerminalGraphic)
    }

    public let id: String
    public let size: Size
    public let content: Content

    public init(id: String, size: Size, content: Content) {
        self.id = id
        self.size = size
        self.content = content
    }

    /// A text image of ANSI-coded rows.
    public init(id: String, size: Size, lines: [String]) {
        self.init(id: id, size: size, content: .text(lines))
    }

    /// The ANSI rows of a text image; empty for a graphic.
    public var lines: [String] {
        if case .text(let lines) = content { return lines }
        return []
    }

    /// The payload of a graphic image; nil for text.
    public var graphic: TerminalGraphic? {
        if case .graphic(let graphic) = content { return graphic }
        return nil
    }

    public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool {
        lhs.id == rhs.id && lhs.size == rhs.size
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(size)
    }

    /// The part of the image inside `rect` (in the image's own cells, clipped to the image).
    /// The result has its own id, so a cropped copy is never mistaken for the whole picture.
    /// A graphic cannot be cut by cells: a part of one is blank cells.
    public func cropped(to rect: Rect) -> TerminalImage {
        let visible = rect.intersection(Rect(origin: .zero, size: size))
        if visible == Rect(origin: .zero, size: size) { return self }
        let frame = "\(visible.origin.column),\(visible.origin.row),\(visible.size.columns)x\(visible.size.rows)"
        switch content {
        case .text(let lines):
            let rows = lines.dropFirst(visible.origin.row).prefix(visible.size.rows).map {
                ANSILine($0).slice(from: visible.origin.column, width: visible.size.columns)
            }
            return TerminalImage(id: "\(id)#crop(\(frame))", size: visible.size, lines: rows)
        case .graphic:
            return TerminalImage(id: "\(id)#crop(\(frame))", size: visible.size, content: content).blanked()
        }
    }

    /// Blank cells of the same size in place of the picture (the graphic cannot be shown there).
    func blanked() -> TerminalImage {
        let row = String(repeating: " ", count: max(0, size.columns))
        return TerminalImage(id: "\(id)#blank", size: size, lines: Array(repeating: row, count: max(0, size.rows)))
    }
}
