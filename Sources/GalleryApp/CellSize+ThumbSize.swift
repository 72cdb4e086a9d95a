import ArgumentParser
import TerminalVocabulary
import TUI

/// `--thumb-size COLSxROWS`: the smallest grid cell, thumbnail plus its title line.
extension CellSize {
    /// Below this a cell shows nothing recognisable; above it no terminal has room.
    static let thumbColumns = 4...400
    static let thumbRows = 2...200

    /// "24x10" (also "24X10") as a grid cell; nil for anything else or sizes out of range.
    init?(thumbSize argument: String) {
        self.init(argument: argument, columns: Self.thumbColumns, rows: Self.thumbRows)
    }

    /// `init(thumbSize:)` for the command line, whose error says what is allowed.
    static func parseThumbSize(_ argument: String) throws -> CellSize {
        guard let size = CellSize(thumbSize: argument) else { throw ValidationError(thumbSizeProblem) }
        return size
    }

    static let thumbSizeProblem = "must be COLSxROWS with COLS in \(thumbColumns.lowerBound)-\(thumbColumns.upperBound) "
        + "and ROWS in \(thumbRows.lowerBound)-\(thumbRows.upperBound), e.g. \(standardGridCell)"
}
