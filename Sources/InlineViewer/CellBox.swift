/// A rectangle of terminal cells that an image must fit inside, written `COLSxROWS` on the command line.
struct CellBox: Equatable {
    let columns: Int
    let rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `24x8` (also `24X8`); both sides 1...10000.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (1...10_000).contains(columns), (1...10_000).contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
