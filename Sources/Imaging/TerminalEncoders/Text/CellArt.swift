/// A picture made of terminal text cells: what half-block and ASCII rendering produce, ready to
/// be written row by row (`ansiLine`) or inspected without a terminal (`plainLine`).
public struct CellArt: Sendable, Equatable {
    /// One character cell. A nil colour means the terminal's default.
    public struct Cell: Sendable, Equatable {
        /// One single-width character.
        public var character: Character
        /// Colour of the character's ink.
        public var foreground: RGB?
        /// Colour of the rest of the cell.
        public var background: RGB?

        public init(character: Character, foreground: RGB? = nil, background: RGB? = nil) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }

        /// An empty cell in default colours.
        public static let blank = Cell(character: " ")
    }

    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// Row-major: the cell at column `c` of row `r` is `cells[r * columns + c]`.
    public let cells: [Cell]

    /// Art from ready-made cells; `cells.count` must be `columns * rows`.
    public init(columns: Int, rows: Int, cells: [Cell]) {
        precondition(columns >= 0 && rows >= 0 && cells.count == columns * rows,
                     "\(cells.count) cells do not fill \(columns)x\(rows)")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The cell at `column`, `row` (both from 0).
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * columns + column]
    }

    /// The characters of one row, without colours: for headless screens and tests.
    public func plainLine(row: Int) -> String {
        var line = ""
        for cell in rowCells(row) { line.append(cell.character) }
        return line
    }

    func rowCells(_ row: Int) -> ArraySlice<Cell> {
        precondition(row >= 0 && row < rows, "row \(row) outside 0..<\(rows)")
        return cells[row * columns ..< (row + 1) * columns]
    }
}
