extension RGBImage {
    /// The terminal cells of `cellWidth` x `cellHeight` pixels this image covers when drawn from a
    /// cell's corner, a partly covered cell counted whole (it is drawn on), at least 1x1: what a
    /// kitty or iTerm2 placement and the layout must reserve for it.
    public func cellsCovered(cellWidth: Int, cellHeight: Int) -> (columns: Int, rows: Int) {
        let cellWidth = max(1, cellWidth), cellHeight = max(1, cellHeight)
        return (max(1, (width + cellWidth - 1) / cellWidth), max(1, (height + cellHeight - 1) / cellHeight))
    }
}
