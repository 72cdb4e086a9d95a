/// The geometry of a grid in a rectangle: as many columns as fit at the minimum cell width (cells
/// share the spare columns), one column of gap between cells, and as many whole rows as fit.
///
/// When not even one cell of the minimum size fits, the grid degrades to a list: one title per
/// line, and the bottom line (when there are two or more) left for a "terminal too small" hint.
struct GridLayout: Equatable {
    let rect: Rect
    let columns: Int
    /// One cell: the thumbnail area plus one title line (just the title line in a list).
    let cellSize: Size
    let visibleRows: Int
    /// Too small for a cell: a list of titles.
    let isList: Bool

    static let gap = 1

    init(rect: Rect, minimumCellSize: Size) {
        self.rect = rect
        let minimumWidth = max(1, minimumCellSize.columns)
        let width = max(0, rect.size.columns)
        isList = width < minimumWidth || rect.size.rows < max(2, minimumCellSize.rows)
        if isList {
            columns = 1
            cellSize = Size(columns: width, rows: 1)
            let rows = max(0, rect.size.rows)
            visibleRows = width == 0 ? 0 : (rows >= 2 ? rows - 1 : rows)
            return
        }
        columns = max(1, (width + Self.gap) / (minimumWidth + Self.gap))
        let cellWidth = max(0, (width - (columns - 1) * Self.gap) / columns)
        let minimumHeight = min(max(2, minimumCellSize.rows), max(0, rect.size.rows))
        visibleRows = minimumHeight > 0 && cellWidth > 0 ? max(1, rect.size.rows / minimumHeight) : 0
        // Spare rows go to the cells, as spare columns do, so the grid fills the screen; at most half
        // again the minimum, so a lone row of cells does not turn into tall slivers.
        let stretched = visibleRows > 0 ? rect.size.rows / visibleRows : minimumHeight
        cellSize = Size(columns: cellWidth, rows: min(stretched, minimumHeight * 3 / 2))
    }

    var thumbnailSize: Size { isList ? .zero : Size(columns: cellSize.columns, rows: max(0, cellSize.rows - 1)) }

    /// Where a list says why it is not a grid; nil for a grid or when there is no room.
    var hintLine: Rect? {
        guard isList, rect.size.rows >= 2, rect.size.columns > 0 else { return nil }
        return Rect(origin: rect.origin.offset(rows: rect.size.rows - 1), size: Size(columns: rect.size.columns, rows: 1))
    }

    func rowCount(items: Int) -> Int { (items + columns - 1) / columns }

    /// The frame of the cell at `column`, `rowOnScreen` rows below the top of the grid.
    func cellFrame(column: Int, rowOnScreen: Int) -> Rect {
        Rect(
            origin: rect.origin.offset(rows: rowOnScreen * cellSize.rows, columns: column * (cellSize.columns + Self.gap)),
            size: cellSize)
    }

    /// The cell under `point`, as (column, row on screen); nil in a gap or outside.
    func cellPosition(at point: Point) -> (column: Int, rowOnScreen: Int)? {
        guard rect.contains(point), cellSize.columns > 0, cellSize.rows > 0 else { return nil }
        let x = point.column - rect.origin.column
        let y = point.row - rect.origin.row
        let column = x / (cellSize.columns + Self.gap)
        let row = y / cellSize.rows
        guard x % (cellSize.columns + Self.gap) < cellSize.columns, column < columns, row < visibleRows else {
            return nil
        }
        return (column, row)
    }
}
