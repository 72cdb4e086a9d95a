import ArgumentParser

/// `--thumb-size COLSxROWS`: the smallest grid cell, thumbnail plus its title line.
struct ThumbSize: Equatable, ExpressibleByArgument, CustomStringConvertible {
    var columns: Int
    var rows: Int

    static let standard = ThumbSize(columns: 24, rows: 10)
    /// Below this a cell shows nothing recognisable; above it no terminal has room.
    static let columnRange = 4...400
    static let rowRange = 2...200

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// "24x10" (also "24X10"); nil for anything else or sizes out of range.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              Self.columnRange.contains(columns), Self.rowRange.contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }

    var description: String { "\(columns)x\(rows)" }

    static let problem = "must be COLSxROWS with COLS in \(columnRange.lowerBound)-\(columnRange.upperBound) "
        + "and ROWS in \(rowRange.lowerBound)-\(rowRange.upperBound), e.g. 24x10"
}
