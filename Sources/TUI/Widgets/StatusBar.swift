import TerminalVocabulary
/// One line across its rectangle: `left` text, `right` text right-aligned, in the status style.
/// When both do not fit, `right` keeps its place and `left` is cut with "…"; a `right` wider than
/// the whole line is cut too.
public struct StatusBar: Sendable {
    public var left: String
    public var right: String
    public var style: TextStyle

    public init(left: String = "", right: String = "", style: TextStyle = .status) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Draws on the first row of `rect`.
    @MainActor public func draw(on screen: any Screen, in rect: Rect) {
        guard rect.size.columns > 0, rect.size.rows > 0 else { return }
        let line = Rect(origin: rect.origin, size: CellSize(columns: rect.size.columns, rows: 1))
        screen.clear(line, style: style)
        // A column of margin on each side when there is room for it.
        let content = line.size.columns >= 3 ? line.inset(left: 1, right: 1) : line
        let width = content.size.columns
        let rightText = truncate(sanitize(right), toWidth: width)
        let rightWidth = displayWidth(rightText)
        let leftWidth = max(0, width - rightWidth - (rightWidth > 0 ? 1 : 0))
        let leftText = truncate(sanitize(left), toWidth: leftWidth)
        screen.put(leftText, at: content.origin, style: style, maxWidth: leftWidth)
        screen.put(rightText, at: content.origin.offset(columns: width - rightWidth), style: style, maxWidth: rightWidth)
    }
}
