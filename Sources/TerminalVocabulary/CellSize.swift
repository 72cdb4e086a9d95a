/// A size in character cells: a picture's, a grid cell's, a pane's, a screen's. The one cell-size
/// type of every layer (`PixelSize` is the one in pixels).
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public static let zero = CellSize(columns: 0, rows: 0)

    public var isEmpty: Bool { columns <= 0 || rows <= 0 }

    /// "24x10", as the command line writes it.
    public var description: String { "\(columns)x\(rows)" }

    /// Parses `24x8` (also `24X8`) with each side in its range (1...10000 unless told).
    public init?(argument: String, columns columnRange: ClosedRange<Int> = 1...10_000,
                 rows rowRange: ClosedRange<Int> = 1...10_000) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              columnRange.contains(columns), rowRange.contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
