/// A picture placed over text cells; drawn after the text layer.
///
/// `lines` are ANSI-coded rows (SGR colours + printable characters), each exactly `size.columns`
/// cells wide, `lines.count == size.rows`. `id` identifies the content (same id = same pixels), so
/// an unchanged image is not sent to the terminal again.
public struct TerminalImage: Hashable, Sendable {
    public let id: String
    public let size: Size
    public let lines: [String]

    public init(id: String, size: Size, lines: [String]) {
        self.id = id
        self.size = size
        self.lines = lines
    }

    /// The part of the image inside `rect` (in the image's own cells, clipped to the image).
    /// The result has its own id, so a cropped copy is never mistaken for the whole picture.
    public func cropped(to rect: Rect) -> TerminalImage {
        let visible = rect.intersection(Rect(origin: .zero, size: size))
        if visible == Rect(origin: .zero, size: size) { return self }
        let rows = lines.dropFirst(visible.origin.row).prefix(visible.size.rows)
        let cropped = rows.map {
            ANSILine($0).slice(from: visible.origin.column, width: visible.size.columns)
        }
        let frame = "\(visible.origin.column),\(visible.origin.row),\(visible.size.columns)x\(visible.size.rows)"
        return TerminalImage(id: "\(id)#crop(\(frame))", size: visible.size, lines: cropped)
    }
}
