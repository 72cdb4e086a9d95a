/// A rectangle of terminal cells that an image must fit inside, written `COLSxROWS` on the command line.
public struct CellBox: Equatable {
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `24x8` (also `24X8`) with each side in its range (1...10000 unless told).
    public init?(argument: String, columns columnRange: ClosedRange<Int> = 1...10_000,
                 rows rowRange: ClosedRange<Int> = 1...10_000) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              columnRange.contains(columns), rowRange.contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
