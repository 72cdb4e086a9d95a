extension CellArt {
    private static let escape = "\u{1B}["
    private static let reset = "\u{1B}[0m"

    /// One row as terminal output: characters with SGR colour codes for `depth`.
    ///
    /// The row is assumed to start in default colours. A colour code is emitted only where the
    /// colour (as `depth` shows it) differs from the previous cell's, foreground and background in
    /// one sequence; a colour returning to nil emits `39`/`49`. Every row ends with `ESC[0m`.
    /// With `.none` the row is just its characters (same as `plainLine`), with no escapes at all.
    public func ansiLine(row: Int, depth: ColorDepth) -> String {
        guard depth != .none else { return plainLine(row: row) }
        var line = ""
        var foreground: TerminalColor?, background: TerminalColor?
        for cell in rowCells(row) {
            let fg = cell.foreground.flatMap(depth.terminalColor)
            let bg = cell.background.flatMap(depth.terminalColor)
            var parameters = [String]()
            if fg != foreground { parameters.append(fg?.parameters(background: false) ?? "39") }
            if bg != background { parameters.append(bg?.parameters(background: true) ?? "49") }
            if !parameters.isEmpty {
                line += Self.escape + parameters.joined(separator: ";") + "m"
            }
            (foreground, background) = (fg, bg)
            line.append(cell.character)
        }
        return line + Self.reset
    }
}
