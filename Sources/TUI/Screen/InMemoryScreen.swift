public import TerminalVocabulary
/// A headless screen: it keeps the last frame so tests can read what a person would see.
@MainActor public final class InMemoryScreen: Screen {
    public private(set) var size: CellSize
    /// The images of the current frame, in the order they were placed.
    public private(set) var images: [(TerminalImage, Point)] = []
    /// How many frames were ended so far.
    public private(set) var frameCount = 0
    /// The scrolled region the current frame declared, if any.
    public private(set) var scrollableRegion: ScrollableRegion?
    private var buffer: CellBuffer

    public init(size: CellSize) {
        self.size = size
        buffer = CellBuffer(size: size)
    }

    public func beginFrame() {
        buffer.clear()
        images.removeAll()
        scrollableRegion = nil
    }

    public func markScrollable(_ region: ScrollableRegion) { scrollableRegion = region }

    public func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?) {
        buffer.put(text, at: point, style: style, maxWidth: maxWidth)
    }

    /// Covers `rect`; images placed before it in this frame that it overlaps are hidden, as on the terminal.
    public func fill(_ rect: Rect, with character: Character, style: TextStyle) {
        buffer.fill(rect, with: character, style: style)
        images.removeAll { Rect(origin: $0.1, size: $0.0.size).intersects(rect) }
    }

    public func place(_ image: TerminalImage, at point: Point) {
        images.append((image, point))
    }

    public func endFrame() { frameCount += 1 }

    /// Changes the size; the content is cleared, as a terminal resize does.
    public func resize(to size: CellSize) {
        self.size = size
        buffer = CellBuffer(size: size)
        images.removeAll()
    }

    /// The screen's rows as a person reads them (trailing blanks removed), images shown as their
    /// plain characters (colours stripped) over the text; a graphic as `[sixel]`, `[kitty]` or
    /// `[iterm]` on its first row and `░` in its other cells.
    public func text() -> [String] {
        var composed = buffer
        for (image, origin) in images {
            for (offset, line) in Self.visibleLines(of: image).enumerated() {
                composed.put(
                    ANSILine(line).plainText, at: origin.offset(rows: offset), style: [],
                    maxWidth: image.size.columns)
            }
        }
        return (0..<size.rows).map { composed.text(ofRow: $0) }
    }

    private static func visibleLines(of image: TerminalImage) -> [String] {
        guard image.isGraphic else { return Array(image.lines.prefix(image.size.rows)) }
        let shade = String(repeating: "░", count: max(0, image.size.columns))
        let label = "[\(image.placeholderName)]"
        let first = String((label + shade).prefix(image.size.columns))
        return image.size.rows > 0 ? [first] + Array(repeating: shade, count: image.size.rows - 1) : []
    }

    /// The style of the text-layer cell at `point` (plain outside the screen).
    public func style(at point: Point) -> TextStyle {
        guard Rect(origin: .zero, size: size).contains(point) else { return [] }
        return buffer[point].style
    }
}
