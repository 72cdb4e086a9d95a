import OperatingSystem
import TerminalVocabulary

/// The size of the terminal on a file descriptor, from `TIOCGWINSZ` (no escape sequences: `gallery
/// view` never waits for the terminal to answer).
struct TerminalWindow: Equatable {
    /// Size in cells.
    let cells: CellSize
    /// Pixel size of one cell when the terminal reports a plausible one (many report 0).
    let cellPixels: PixelSize?

    /// The cell pixel size reported by the first of stdout, stderr and stdin that reports a plausible
    /// one: `gallery view x.jpg > x.six` run in a terminal still sizes pixels for that terminal.
    static func reportedCellPixels() -> PixelSize? {
        for descriptor: Int32 in [1, 2, 0] {
            if let pixels = of(descriptor: descriptor)?.cellPixels { return pixels }
        }
        return nil
    }

    /// The window of the terminal on `descriptor`, nil when it is not a terminal.
    static func of(descriptor: Int32) -> TerminalWindow? {
        guard let size = try? TerminalSize(of: FileDescriptor(descriptor)), size.columns > 0, size.rows > 0 else {
            return nil
        }
        let cells = CellSize(columns: size.columns, rows: size.rows)
        return TerminalWindow(cells: cells, cellPixels: PixelSize.cell(windowWidth: size.pixelWidth,
                                                                        windowHeight: size.pixelHeight,
                                                                        columns: cells.columns, rows: cells.rows))
    }
}
