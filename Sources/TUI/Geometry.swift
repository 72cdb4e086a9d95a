public import TerminalVocabulary
/// A character-cell position: `row` 0 is the top line, `column` 0 the left edge.
public struct Point: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public static let zero = Point(row: 0, column: 0)

    /// This point moved by `rows` down and `columns` right.
    public func offset(rows: Int = 0, columns: Int = 0) -> Point {
        Point(row: row + rows, column: column + columns)
    }
}

/// A rectangle of character cells.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: CellSize

    public init(origin: Point, size: CellSize) {
        self.origin = origin
        self.size = size
    }

    public init(row: Int, column: Int, columns: Int, rows: Int) {
        self.init(origin: Point(row: row, column: column), size: CellSize(columns: columns, rows: rows))
    }

    /// The first row below the rectangle.
    public var maxRow: Int { origin.row + size.rows }
    /// The first column right of the rectangle.
    public var maxColumn: Int { origin.column + size.columns }
    public var isEmpty: Bool { size.isEmpty }

    public func contains(_ point: Point) -> Bool {
        point.row >= origin.row && point.row < maxRow
            && point.column >= origin.column && point.column < maxColumn
    }

    /// The rectangle shrunk by the given margins; never smaller than empty.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(
            origin: origin.offset(rows: top, columns: left),
            size: CellSize(columns: max(0, size.columns - left - right), rows: max(0, size.rows - top - bottom)))
    }

    /// The cells both rectangles cover (empty, at `origin`, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let top = max(origin.row, other.origin.row)
        let left = max(origin.column, other.origin.column)
        let bottom = min(maxRow, other.maxRow)
        let right = min(maxColumn, other.maxColumn)
        guard bottom > top, right > left else { return Rect(origin: origin, size: .zero) }
        return Rect(row: top, column: left, columns: right - left, rows: bottom - top)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle covering both.
    public func union(_ other: Rect) -> Rect {
        let top = min(origin.row, other.origin.row)
        let left = min(origin.column, other.origin.column)
        return Rect(row: top, column: left, columns: max(maxColumn, other.maxColumn) - left,
                    rows: max(maxRow, other.maxRow) - top)
    }
}
