public import TerminalVocabulary
/// The geometry of a grid in a rectangle: as many columns as fit at the minimum cell width (cells
/// share the spare columns), one column of gap between cells and one row between rows of cells
/// (and around them all, for the selected cell's frame), and as many whole rows as fit.
///
/// When not even one cell of the minimum size fits, the grid degrades to a list: one title per
/// line, and the bottom line (when there are two or more) left for a "terminal too small" hint.
struct GridLayout: Equatable {
    let rect: Rect
    let columns: Int
    /// One cell: the thumbnail area plus one title line (just the title line in a list).
    let cellSize: CellSize
    let visibleRows: Int
    /// Too small for a cell: a list of titles.
    let isList: Bool

    /// The line between two cells, and around the outer ones: where the selected cell's frame is
    /// drawn. Pictures never cover it, so drawing or erasing a frame leaves every picture alone.
    static let gap = 1

    /// `minimumCellSize` counts one line of gap beside and below the cell: a cell and its frame
    /// lines take what a cell took before there was a frame.
    init(rect: Rect, minimumCellSize: CellSize) {
        self.rect = rect
        let minimumWidth = max(1 + Self.gap, minimumCellSize.columns)
        let minimumHeight = max(2 + Self.gap, minimumCellSize.rows)
        let width = max(0, rect.size.columns)
        // Each cell owns the gap to its right and below; the grid adds one on the left and on top.
        let framed = CellSize(columns: width - Self.gap, rows: rect.size.rows - Self.gap)
        isList = framed.columns < minimumWidth || framed.rows < minimumHeight
        if isList {
            columns = 1
            cellSize = CellSize(columns: width, rows: 1)
            let rows = max(0, rect.size.rows)
            visibleRows = width == 0 ? 0 : (rows >= 2 ? rows - 1 : rows)
            return
        }
        columns = framed.columns / minimumWidth
        visibleRows = framed.rows / minimumHeight
        // Spare rows go to the cells, as spare columns do, so the grid fills the screen; at most half
        // again the minimum, so a lone row of cells does not turn into tall slivers.
        let height = min(framed.rows / visibleRows, minimumHeight * 3 / 2)
        cellSize = CellSize(columns: framed.columns / columns - Self.gap, rows: height - Self.gap)
    }

    var thumbnailSize: CellSize { isList ? .zero : CellSize(columns: cellSize.columns, rows: max(0, cellSize.rows - 1)) }

    /// Where a list says why it is not a grid; nil for a grid or when there is no room.
    var hintLine: Rect? {
        guard isList, rect.size.rows >= 2, rect.size.columns > 0 else { return nil }
        return Rect(origin: rect.origin.offset(rows: rect.size.rows - 1), size: CellSize(columns: rect.size.columns, rows: 1))
    }

    /// Lines a row of cells takes, with the gap below it.
    var cellPitch: Int { isList ? 1 : cellSize.rows + Self.gap }
    /// Lines a heading takes: its line, and the gap below it where a selected cell's frame goes.
    var headingHeight: Int { isList ? 1 : 1 + Self.gap }
    /// The lines rows are shown in, below the gap on top (in a list, above the hint).
    var contentLines: Int { isList ? visibleRows : max(0, rect.size.rows - Self.gap) }
    private var margin: Int { isList ? 0 : Self.gap }

    /// The rows the cells scroll in (with the gap line above the first row, where the selected
    /// cell's frame may be), with line `firstLine` of the rows (`GridRows`) at the top.
    func scrollableRegion(firstLine: Int) -> ScrollableRegion? {
        guard visibleRows > 0 else { return nil }
        let top = rect.origin.row
        return ScrollableRegion(rows: top..<(top + margin + contentLines), firstContentRow: firstLine)
    }

    /// The frame of the cell at `column` of the row drawn `line` lines below the top of the rows shown.
    func cellFrame(column: Int, line: Int) -> Rect {
        Rect(origin: rect.origin.offset(rows: margin + line, columns: margin + column * (cellSize.columns + margin)),
             size: cellSize)
    }

    /// The line of a heading drawn `line` lines below the top of the rows shown.
    func headingFrame(line: Int) -> Rect {
        Rect(origin: rect.origin.offset(rows: margin + line, columns: margin),
             size: CellSize(columns: max(0, rect.size.columns - 2 * margin), rows: 1))
    }

    /// The column of cells under `point` and its line below the top of the rows shown; nil in a
    /// gap between columns or outside.
    func column(at point: Point) -> (column: Int, line: Int)? {
        guard rect.contains(point), cellSize.columns > 0, cellSize.rows > 0 else { return nil }
        let x = point.column - rect.origin.column - margin
        let y = point.row - rect.origin.row - margin
        let stride = cellSize.columns + margin
        guard x >= 0, y >= 0, y < contentLines, x % stride < cellSize.columns, x / stride < columns else { return nil }
        return (x / stride, y)
    }
}

extension CellSize {
    /// The smallest grid cell, thumbnail plus title line, unless `--thumb-size` says otherwise:
    /// room for a thumbnail one recognises and a title one can read.
    public static let standardGridCell = CellSize(columns: 24, rows: 10)
}
