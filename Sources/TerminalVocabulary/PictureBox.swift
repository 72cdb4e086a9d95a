extension PixelSize {
    /// The longest side, in pixels (for text art, in samples: 1x2 a cell), of a picture drawn in
    /// a terminal: more than a 4K screen's 3840 across (xterm refuses sixel images over 1000x1000
    /// by default). It keeps a picture's buffers (its pixels, a sixel's quantiser, a kitty
    /// payload) in tens of megabytes whatever box is asked for.
    public static let largestPictureSide = 4096

    /// The box a picture drawn over `columns` x `rows` cells of `cell` pixels each is fitted in:
    /// their pixels, each side cut to `largestPictureSide` (and at least 1). Each side is cut on
    /// its own, so a picture fitted inside keeps its aspect and is as large as a terminal shows.
    ///
    /// The one place where a size asked for (`gallery view --size`, the app's panes and
    /// thumbnails) meets the bound. Sizes no terminal reports (a product past `Int.max`) give the
    /// bound too, never an overflow.
    public static func pictureBox(columns: Int, rows: Int, cell: PixelSize) -> PixelSize {
        func side(_ count: Int, _ unit: Int) -> Int {
            let (pixels, overflow) = max(1, count).multipliedReportingOverflow(by: max(1, unit))
            return overflow ? largestPictureSide : min(pixels, largestPictureSide)
        }
        return PixelSize(width: side(columns, cell.width), height: side(rows, cell.height))
    }

    /// What one text cell holds of a picture drawn as half-blocks or ASCII art: one sample across,
    /// two down (half-blocks: two square pixels; ASCII: one character twice as tall as wide).
    public static let textCell = PixelSize(width: 1, height: 2)
}
