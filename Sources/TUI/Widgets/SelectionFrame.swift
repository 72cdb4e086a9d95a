import TerminalVocabulary
/// The frame drawn around the selected grid cell, in the gap cells around it: half blocks, each
/// against the cell, so it is half a cell thick (box-drawing lines are a pixel or two, easy to miss
/// next to a picture) and leaves the other half of the gap to the neighbours.
///
/// Characters, not colours, so that it shows in every render mode, in either theme and without
/// colours (NO_COLOR); the accent colour makes it stronger where there are colours.
enum SelectionFrame {
    static let style: TextStyle = [.accent, .bold]

    /// Draws the frame in the ring of cells just outside `cell`.
    @MainActor static func draw(around cell: Rect, on screen: any Screen) {
        guard !cell.isEmpty else { return }
        let left = cell.origin.column - 1
        screen.put("▗" + String(repeating: "▄", count: cell.size.columns) + "▖",
                   at: Point(row: cell.origin.row - 1, column: left), style: style)
        for row in cell.origin.row..<cell.maxRow {
            screen.put("▐", at: Point(row: row, column: left), style: style)
            screen.put("▌", at: Point(row: row, column: cell.maxColumn), style: style)
        }
        screen.put("▝" + String(repeating: "▀", count: cell.size.columns) + "▘",
                   at: Point(row: cell.maxRow, column: left), style: style)
    }
}
