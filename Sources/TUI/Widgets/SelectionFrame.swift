/// The heavy box drawn around the selected grid cell, in the gap cells around it.
///
/// A box of characters, not colours, so that it shows in every render mode, in either theme and
/// without colours (NO_COLOR): the accent colour and bold only make it stronger where there are.
enum SelectionFrame {
    static let style: TextStyle = [.accent, .bold]

    /// Draws the box in the ring of cells just outside `cell`.
    @MainActor static func draw(around cell: Rect, on screen: any Screen) {
        guard !cell.isEmpty else { return }
        let horizontal = String(repeating: "━", count: cell.size.columns)
        let left = cell.origin.column - 1
        screen.put("┏" + horizontal + "┓", at: Point(row: cell.origin.row - 1, column: left), style: style)
        for row in cell.origin.row..<cell.maxRow {
            screen.put("┃", at: Point(row: row, column: left), style: style)
            screen.put("┃", at: Point(row: row, column: cell.maxColumn), style: style)
        }
        screen.put("┗" + horizontal + "┛", at: Point(row: cell.maxRow, column: left), style: style)
    }
}
