import ArgumentParser
import InlineViewer
import TUI

/// `--thumb-size COLSxROWS`: the smallest grid cell, thumbnail plus its title line.
struct ThumbSize: Equatable, CustomStringConvertible {
    var columns: Int
    var rows: Int

    static let standard = ThumbSize(columns: Size.standardGridCell.columns, rows: Size.standardGridCell.rows)
    /// Below this a cell shows nothing recognisable; above it no terminal has room.
    static let columnRange = 4...400
    static let rowRange = 2...200

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// "24x10" (also "24X10"); nil for anything else or sizes out of range.
    init?(argument: String) {
        guard let box = CellBox(argument: argument, columns: Self.columnRange, rows: Self.rowRange) else { return nil }
        self.init(columns: box.columns, rows: box.rows)
    }

    /// `init(argument:)` for the command line, whose error says what is allowed.
    static func parse(_ argument: String) throws -> ThumbSize {
        guard let size = ThumbSize(argument: argument) else { throw ValidationError(problem) }
        return size
    }

    var description: String { "\(columns)x\(rows)" }

    static let problem = "must be COLSxROWS with COLS in \(columnRange.lowerBound)-\(columnRange.upperBound) "
        + "and ROWS in \(rowRange.lowerBound)-\(rowRange.upperBound), e.g. \(standard)"
}
