public import TerminalVocabulary
/// Where widgets draw: a text layer of character cells plus pictures placed over it.
///
/// A frame is `beginFrame()`, any number of `put`/`fill`/`place`, then `endFrame()`.
@MainActor public protocol Screen: AnyObject {
    var size: CellSize { get }
    /// Starts a new frame: the text layer is blank and no image is placed.
    func beginFrame()
    /// Writes `text` from `point` rightwards, sanitized, clipped to `maxWidth` columns and to the
    /// screen. Wide characters take 2 columns; one that would not fit entirely is not drawn.
    func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?)
    /// Covers `rect` with `character`.
    func fill(_ rect: Rect, with character: Character, style: TextStyle)
    /// Places a picture over the text layer with its top-left cell at `point`, clipped to the screen.
    func place(_ image: TerminalImage, at point: Point)
    /// Says that this frame's `region.rows` show a scrolled view (a grid's rows of cells): when the
    /// previous frame showed the same region at another content row, a screen may have the terminal
    /// move the rows that stay, and draw only those coming into view.
    func markScrollable(_ region: ScrollableRegion)
    /// Pushes the frame out.
    func endFrame()
}

extension Screen {
    /// `put` without a width limit other than the screen's.
    public func put(_ text: String, at point: Point, style: TextStyle = []) {
        put(text, at: point, style: style, maxWidth: nil)
    }

    /// Blanks `rect` (in `style`: a reverse-video bar, say).
    public func clear(_ rect: Rect, style: TextStyle = []) {
        fill(rect, with: " ", style: style)
    }

    /// A screen that draws every frame anew has nothing to move.
    public func markScrollable(_ region: ScrollableRegion) {}

    /// The whole screen as a rectangle.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
}
