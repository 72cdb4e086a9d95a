import TUI
import TerminalVocabulary

extension Rect {
    /// Splits off the bottom row, where every scene keeps its status bar.
    var splitStatusRow: (body: Rect, status: Rect) {
        let bodyRows = max(0, size.rows - 1)
        return (Rect(origin: origin, size: CellSize(columns: size.columns, rows: bodyRows)),
                Rect(origin: Point(row: origin.row + bodyRows, column: origin.column),
                     size: CellSize(columns: size.columns, rows: min(1, size.rows))))
    }
}
