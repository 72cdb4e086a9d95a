import TUI

/// The `?` overlay: the keys, boxed over the scene below it. Any key closes it.
@MainActor final class HelpView: Scene {
    private let below: any Scene
    private let onClose: (HelpView) -> Void
    private let keys: [(keys: String, action: String)]

    init(over below: any Scene, keys: KeyBindings = .standard, onClose: @escaping (HelpView) -> Void) {
        self.below = below
        self.onClose = onClose
        self.keys = KeyHelp.entries(for: keys)
    }

    func layout(in rect: Rect) { below.layout(in: rect) }

    func draw(on screen: any Screen, in rect: Rect) {
        let keyWidth = keys.map { displayWidth($0.keys) }.max() ?? 0
        let lines = ["Keys", ""] + keys.map { key, what in
            key + String(repeating: " ", count: keyWidth - displayWidth(key) + 3) + what
        } + ["", "any key closes this help"]
        let width = min(rect.size.columns, (lines.map(displayWidth).max() ?? 0) + 4)
        let height = min(rect.size.rows, lines.count + 2)
        let box = Rect(origin: Point(row: rect.origin.row + (rect.size.rows - height) / 2,
                                     column: rect.origin.column + (rect.size.columns - width) / 2),
                       size: Size(columns: width, rows: height))
        // Pictures are drawn over text: those under the box would hide it.
        below.draw(on: ImageHoleScreen(base: screen, hole: box), in: rect)
        screen.fill(box, with: " ", style: [.reverse])
        for (i, line) in lines.prefix(height - 2).enumerated() {
            screen.put(line, at: Point(row: box.origin.row + 1 + i, column: box.origin.column + 2),
                       style: i == 0 ? [.reverse, .bold] : [.reverse], maxWidth: width - 4)
        }
    }

    func handle(_ key: Key) -> Bool {
        onClose(self)
        return true
    }
}
