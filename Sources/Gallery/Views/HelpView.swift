import TUI
import TerminalVocabulary

/// The `?` overlay: the keys, boxed over the scene below it. Any key closes it; when the keys do
/// not fit (a small terminal), j k, the arrows and PgUp PgDn scroll them first.
@MainActor final class HelpView: Scene {
    private let below: any Scene
    private let navigator: Navigator
    private let keyMap: KeyMap
    /// The box and the lines in it, from the last layout.
    private var page = HelpPage(lines: [], box: Rect(row: 0, column: 0, columns: 0, rows: 0))
    /// The first line shown when they do not all fit.
    private var top = 0

    /// Shown over `below`, the top of `navigator`, which it leaves at the first key that does not scroll.
    init(over below: any Scene, keyMap: KeyMap = .standard, navigator: Navigator) {
        self.below = below
        self.navigator = navigator
        self.keyMap = keyMap
    }

    func layout(in rect: Rect) {
        below.layout(in: rect)
        page = HelpPage(keys: keyMap.helpRows.map { ($0.keys, $0.action) }, in: rect)
        top = min(top, page.lastTop)
    }

    func draw(on screen: any Screen, in rect: Rect) {
        let box = page.box
        // Pictures are drawn over text: those under the box would hide it.
        below.draw(on: ImageHoleScreen(base: screen, hole: box), in: rect)
        screen.fill(box, with: " ", style: [.reverse])
        for (i, line) in page.shown(from: top).enumerated() {
            screen.put(line, at: Point(row: box.origin.row + page.margin + i, column: box.origin.column + 2),
                       style: i == 0 && top == 0 ? [.reverse, .bold] : [.reverse], maxWidth: box.size.columns - 4)
        }
    }

    func handle(_ key: Key) -> Bool {
        guard page.scrolls else {
            navigator.pop(self)
            return true
        }
        let rows = max(1, page.rowsForLines)
        switch keyMap.actions(for: key, in: .helpOverlay).first {
        case .scrollHelp(let lines)?: top += lines
        case .scrollHelpPage(let forward)?: top += forward ? rows : -rows
        default:
            navigator.pop(self)
            return true
        }
        top = min(max(0, top), page.lastTop)
        navigator.setNeedsRedraw()
        return true
    }
}

/// The help's lines laid out in a box that fits `rect`: one line per key when the box is wide
/// enough, else the key over its action; when they overflow, the last row says "↓ more" while
/// lines are left below.
struct HelpPage {
    let lines: [String]
    let box: Rect

    static let moreBelow = "↓ more: j k"
    static let atEnd = "↑ j k · any key"

    /// Blank rows above and below the lines: none on a short screen, where every row counts.
    var margin: Int { box.size.rows >= 12 ? 1 : 0 }

    init(lines: [String], box: Rect) {
        self.lines = lines
        self.box = box
    }

    init(keys: [(keys: String, action: String)], in rect: Rect) {
        let keyWidth = keys.map { displayWidth($0.keys) }.max() ?? 0
        let oneLine = keys.map { key, what in key + String(repeating: " ", count: keyWidth - displayWidth(key) + 3) + what }
        let inner = max(1, rect.size.columns - 4)
        let fitsWide = (oneLine.map(displayWidth).max() ?? 0) <= inner
        // Too narrow for the table: each key over its action, wrapped.
        var entries = fitsWide ? oneLine : keys.flatMap { key, what in
            TextPane.wrap(key, width: inner) + TextPane.wrap(what, width: max(1, inner - 2)).map { "  " + $0 }
        }
        // Too long for the rows, and the box wide: the table in two columns read down, each
        // action wrapped under itself.
        let gap = 3, columnWidth = (inner - gap) / 2, actionWidth = columnWidth - keyWidth - 3
        if fitsWide, entries.count + 6 > rect.size.rows, actionWidth >= 24 {
            let blocks = keys.map { key, what in
                TextPane.wrap(what, width: actionWidth).enumerated().map { line, text in
                    (line == 0 ? key : "").padding(toWidth: keyWidth + 3) + text
                }
            }
            let total = blocks.map(\.count).reduce(0, +)
            var split = 0, above = 0
            while split < blocks.count, above + blocks[split].count <= (total + 1) / 2 { above += blocks[split].count; split += 1 }
            let left = blocks[..<split].flatMap { $0 }, right = blocks[split...].flatMap { $0 }
            entries = (0..<max(left.count, right.count)).map { row in
                let first = row < left.count ? left[row] : ""
                guard row < right.count else { return first }
                return first.padding(toWidth: columnWidth + gap) + right[row]
            }
        }
        let lines = ["Keys", ""] + entries + [""] + TextPane.wrap("any key closes this help", width: inner)
        let width = min(rect.size.columns, (lines.map(displayWidth).max() ?? 0) + 4)
        let height = min(rect.size.rows, lines.count + (rect.size.rows >= 12 ? 2 : 0))
        self.init(lines: lines, box: Rect(origin: Point(row: rect.origin.row + (rect.size.rows - height) / 2,
                                                        column: rect.origin.column + (rect.size.columns - width) / 2),
                                          size: CellSize(columns: width, rows: height)))
    }

    /// Rows inside the box, between its top and bottom margins.
    private var rows: Int { max(0, box.size.rows - 2 * margin) }
    /// Whether the lines overflow the box, so that the last row is kept for "↓ more".
    var scrolls: Bool { lines.count > rows && rows >= 2 }
    /// Rows for lines when scrolling (the last one says there is more).
    var rowsForLines: Int { scrolls ? rows - 1 : rows }
    /// The top line that shows the last line.
    var lastTop: Int { max(0, lines.count - rowsForLines) }

    /// The rows to draw with `top` as the first line.
    func shown(from top: Int) -> [String] {
        guard scrolls else { return Array(lines.prefix(rows)) }
        let window = Array(lines.dropFirst(top).prefix(rowsForLines))
        return window + [top < lastTop ? Self.moreBelow : Self.atEnd]
    }
}

private extension String {
    /// The text followed by spaces to `width` display columns.
    func padding(toWidth width: Int) -> String { self + String(repeating: " ", count: max(0, width - displayWidth(self))) }
}
