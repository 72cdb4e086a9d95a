import TUI
import TerminalVocabulary

/// A screen that passes everything to `base` except pictures overlapping `hole`: pictures are
/// drawn over the text layer, so an overlay's text (the help box) would be hidden under them.
@MainActor final class ImageHoleScreen: Screen {
    private let base: any Screen
    private let hole: Rect

    init(base: any Screen, hole: Rect) {
        self.base = base
        self.hole = hole
    }

    var size: CellSize { base.size }
    func beginFrame() { base.beginFrame() }
    func endFrame() { base.endFrame() }

    func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?) {
        base.put(text, at: point, style: style, maxWidth: maxWidth)
    }

    func fill(_ rect: Rect, with character: Character, style: TextStyle) {
        base.fill(rect, with: character, style: style)
    }

    func place(_ image: TerminalImage, at point: Point) {
        guard !Rect(origin: point, size: image.size).intersects(hole) else { return }
        base.place(image, at: point)
    }
}
