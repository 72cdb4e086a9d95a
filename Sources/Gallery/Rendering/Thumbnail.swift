/// A rendered image ready to draw in a block of terminal cells: one string per cell row.
public struct Thumbnail: Sendable, Equatable {
    /// Width in terminal cells.
    public let columns: Int
    /// Height in terminal cells.
    public let rows: Int
    /// ANSI-coded rows (colour escapes included), for terminals that draw them.
    public let lines: [String]
    /// The same rows without escapes, for monochrome output and headless snapshots.
    public let plainLines: [String]

    public init(columns: Int, rows: Int, lines: [String], plainLines: [String]) {
        self.columns = columns
        self.rows = rows
        self.lines = lines
        self.plainLines = plainLines
    }

    /// Memory held by the text, the cost a `ThumbnailCache` charges for it.
    public var byteCount: Int {
        (lines + plainLines).reduce(0) { $0 + $1.utf8.count }
    }
}
