public import TUI

/// A rendered image ready to draw in a block of terminal cells: text rows or a bitmap payload.
public struct Thumbnail: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// ANSI-coded rows (colour escapes included) and the same rows without escapes, for
        /// monochrome output and headless snapshots.
        case text(lines: [String], plain: [String])
        /// A payload that draws the picture with the cursor at its top-left cell, made once by
        /// the renderer; for kitty, the placement, with the transmission it places.
        case graphic(TerminalGraphic)
    }

    /// Width in terminal cells.
    public let columns: Int
    /// Height in terminal cells.
    public let rows: Int
    public let content: Content

    public init(columns: Int, rows: Int, content: Content) {
        self.columns = columns
        self.rows = rows
        self.content = content
    }

    /// A text thumbnail.
    public init(columns: Int, rows: Int, lines: [String], plainLines: [String]) {
        self.init(columns: columns, rows: rows, content: .text(lines: lines, plain: plainLines))
    }

    /// The ANSI rows of a text thumbnail; empty for a graphic.
    public var lines: [String] {
        if case .text(let lines, _) = content { return lines }
        return []
    }

    /// The plain rows of a text thumbnail; empty for a graphic.
    public var plainLines: [String] {
        if case .text(_, let plain) = content { return plain }
        return []
    }

    /// Memory held by the text or the payload, the cost a `ThumbnailCache` charges for it.
    public var byteCount: Int {
        switch content {
        case .text(let lines, let plain): return (lines + plain).reduce(0) { $0 + $1.utf8.count }
        case .graphic(let graphic): return graphic.bytes.count + (graphic.kitty?.transmission.count ?? 0)
        }
    }
}
