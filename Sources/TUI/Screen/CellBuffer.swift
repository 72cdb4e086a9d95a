import TerminalVocabulary
/// One character cell of the text layer. A wide character fills its first cell; the cell to its
/// right holds an empty `glyph` (a continuation).
struct Cell: Hashable {
    var glyph: String = " "
    var style: TextStyle = []
    /// A cell a picture covers. ncurses writes it as a space of its own kind (see `TerminalScreen`),
    /// never equal to the blank that clearing produces, so ncurses never clears across it.
    var isUnderImage = false

    static let blank = Cell()
    static let underImage = Cell(isUnderImage: true)
    /// What ncurses was made to forget (`TerminalScreen`): unlike any cell a frame draws, so every
    /// one is written again.
    static let forgotten = Cell(glyph: "\u{0}")
    var isContinuation: Bool { glyph.isEmpty }

    /// Whether ncurses may produce this cell by clearing (clear to end or start of line, to the end
    /// of the screen, erase characters), as its `can_clear_with` decides: a space may be (a styled
    /// one counts too, which only over-estimates damage); a cell under a picture never is.
    var mayBeCleared: Bool { glyph == " " && !isUnderImage }
}

/// The text layer as a grid of cells: the one implementation of clipping, sanitizing and wide
/// characters, shared by the in-memory screen and the ncurses screen.
struct CellBuffer: Equatable {
    private(set) var size: CellSize
    private(set) var rows: [[Cell]]

    init(size: CellSize) {
        self.size = CellSize(columns: max(0, size.columns), rows: max(0, size.rows))
        rows = Array(repeating: Array(repeating: .blank, count: self.size.columns), count: self.size.rows)
    }

    mutating func clear() { self = CellBuffer(size: size) }

    subscript(point: Point) -> Cell {
        rows[point.row][point.column]
    }

    mutating func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?) {
        guard point.row >= 0, point.row < size.rows else { return }
        var limit = size.columns
        if let maxWidth { limit = min(limit, point.column + max(0, maxWidth)) }
        var column = point.column
        withUTF8CharacterType {
            for character in sanitize(text) {
                let width = cellWidth(character)
                guard width > 0 else { continue }
                if column + width > limit { break }
                if column >= 0 {
                    set(String(character), width: width, row: point.row, column: column, style: style)
                } else if column + width > 0 {
                    // The left half of a wide character is off screen: its visible half becomes a space.
                    set(" ", width: 1, row: point.row, column: 0, style: style)
                }
                column += width
            }
        }
    }

    mutating func fill(_ rect: Rect, with character: Character, style: TextStyle) {
        let width = max(1, displayWidth(character))
        let line = String(repeating: String(character), count: max(0, rect.size.columns) / width)
        for row in rect.origin.row..<max(rect.origin.row, rect.maxRow) {
            put(line, at: Point(row: row, column: rect.origin.column), style: style, maxWidth: rect.size.columns)
        }
    }

    /// Marks the cells of `rect` (clipped to the buffer) as covered by a picture, whatever text was
    /// there: the picture hides it.
    mutating func markUnderImage(_ rect: Rect) {
        set(rect, to: .underImage)
    }

    /// Marks the blank cells of `rows` (clipped to the buffer) as covered by a picture: never
    /// cleared, but written as spaces when they change.
    mutating func markBlanksUnderImage(rows range: Range<Int>) {
        for row in range.clamped(to: 0..<size.rows) {
            for column in 0..<size.columns where rows[row][column] == .blank { rows[row][column] = .underImage }
        }
    }

    private mutating func set(_ glyph: String, width: Int, row: Int, column: Int, style: TextStyle) {
        for c in column..<(column + width) { detachWideCharacter(row: row, column: c) }
        rows[row][column] = Cell(glyph: glyph, style: style)
        for c in (column + 1)..<(column + width) { rows[row][c] = Cell(glyph: "", style: style) }
    }

    /// Overwriting either half of a wide character leaves its other half as a plain space.
    private mutating func detachWideCharacter(row: Int, column: Int) {
        let cell = rows[row][column]
        if cell.isContinuation, column > 0 {
            rows[row][column - 1].glyph = " "
        } else if column + 1 < size.columns, rows[row][column + 1].isContinuation {
            rows[row][column + 1].glyph = " "
        }
    }

    /// Marks `rect`'s cells (clipped to the buffer) as forgotten: whatever is drawn there next differs.
    mutating func forget(_ rect: Rect) {
        set(rect, to: .forgotten)
    }

    /// Every cell of `rect` (clipped to the buffer) becomes `cell`; a wide character half inside
    /// leaves its other half a space.
    private mutating func set(_ rect: Rect, to cell: Cell) {
        let visible = rect.intersection(Rect(origin: .zero, size: size))
        for row in visible.origin.row..<max(visible.origin.row, visible.maxRow) {
            for column in visible.origin.column..<max(visible.origin.column, visible.maxColumn) {
                detachWideCharacter(row: row, column: column)
                rows[row][column] = cell
            }
        }
    }

    /// The rows of `scroll.rows` moved as the terminal moves them, blank rows coming in.
    mutating func scroll(_ scroll: RegionScroll) {
        let region = scroll.rows.clamped(to: 0..<size.rows)
        let before = rows
        for row in region {
            let source = row + scroll.distance
            rows[row] = region.contains(source) ? before[source] : Array(repeating: .blank, count: size.columns)
        }
    }

    /// What a person reads on `row`, trailing blanks removed.
    func text(ofRow row: Int) -> String {
        var line = rows[row].map(\.glyph).joined()
        while line.last == " " { line.removeLast() }
        return line
    }
}
