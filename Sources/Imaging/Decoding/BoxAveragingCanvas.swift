import TerminalVocabulary

/// A picture being decoded row by row, kept as the averages of `factor` x `factor` boxes of its
/// pixels: R, G and B composited over the background, and R, G and B alone (for a BMP whose alpha
/// field is all 0). Rows are set in the file's order, which only goes forward, so only the boxes of
/// the row being read are summed at a time, and memory holds the small picture, never the large
/// one; a pixel never set (skipped by a BMP's RLE) is transparent.
struct BoxAveragingCanvas {
    let width: Int, height: Int, topDown: Bool, factor: Int
    private let boxesAcross: Int, boxesDown: Int
    private let background: RGB
    /// For each box of the row of boxes being read: R, G, B times alpha; R, G, B; alpha. 64 bits:
    /// a box of a huge picture drawn into a cell or two holds millions of pixels of up to 255 x 255.
    private var sums: [UInt64]
    private var boxRow: Int?
    /// The boxes' colours in display order, three bytes each: over the background, and opaque.
    private var composited: [UInt8]
    private var opaque: [UInt8]
    private(set) var isWhollyTransparent = true

    init(width: Int, height: Int, topDown: Bool, factor: Int = 1, background: RGB = RGB(0, 0, 0)) {
        self.width = width
        self.height = height
        self.topDown = topDown
        self.factor = factor
        self.background = background
        boxesAcross = (width + factor - 1) / factor
        boxesDown = (height + factor - 1) / factor
        sums = [UInt64](repeating: 0, count: boxesAcross * 7)
        composited = [UInt8](repeating: 0, count: boxesAcross * boxesDown * 3)
        for box in 0..<(boxesAcross * boxesDown) {
            composited[box * 3] = background.r
            composited[box * 3 + 1] = background.g
            composited[box * 3 + 2] = background.b
        }
        opaque = [UInt8](repeating: 0, count: boxesAcross * boxesDown * 3)
    }

    /// Sets the pixel at column `x` of the file's row `row` (counted as stored); outside, or on a
    /// row above one already left, nothing.
    mutating func set(_ x: Int, _ row: Int, _ colour: RGB, alpha: UInt8 = 255) {
        guard x >= 0, x < width, enterBoxRow(of: row) else { return }
        let at = x / factor * 7, a = UInt64(alpha)
        sums[at] += UInt64(colour.r) * a
        sums[at + 1] += UInt64(colour.g) * a
        sums[at + 2] += UInt64(colour.b) * a
        sums[at + 3] += UInt64(colour.r)
        sums[at + 4] += UInt64(colour.g)
        sums[at + 5] += UInt64(colour.b)
        sums[at + 6] += a
        if alpha > 0 { isWhollyTransparent = false }
    }

    /// Sets row `row` (as stored) from R, G, B, A pixels whose colours carry their alpha already
    /// (libtiff's): `rgba` holds at least `width` of them. Only the composited picture is kept.
    mutating func setPremultiplied(row: Int, _ rgba: UnsafeBufferPointer<UInt8>) {
        guard rgba.count >= width * 4, enterBoxRow(of: row) else { return }
        let factor = self.factor, width = self.width
        sums.withUnsafeMutableBufferPointer { sums in
            for x in 0..<width {
                let at = x / factor * 7, pixel = x * 4
                sums[at] += UInt64(rgba[pixel]) * 255
                sums[at + 1] += UInt64(rgba[pixel + 1]) * 255
                sums[at + 2] += UInt64(rgba[pixel + 2]) * 255
                sums[at + 6] += UInt64(rgba[pixel + 3])
            }
        }
    }

    /// Makes the row of boxes holding `row` (as stored) the one being summed, the one before it
    /// flushed; false for a row outside the picture or above the boxes already left.
    private mutating func enterBoxRow(of row: Int) -> Bool {
        guard row >= 0, row < height else { return false }
        let box = row / factor
        guard box != boxRow else { return true }
        guard boxRow.map({ box > $0 }) ?? true else { return false }
        flush()
        boxRow = box
        return true
    }

    /// The picture: over the background, or `opaque` (alpha ignored, a pixel never set black; not
    /// for rows set premultiplied).
    mutating func finished(opaque useOpaque: Bool) -> RGBImage {
        flush()
        return RGBImage(width: boxesAcross, height: boxesDown, pixels: useOpaque ? opaque : composited)
    }

    /// The row of boxes summed so far into the pictures, at its place in display order.
    private mutating func flush() {
        guard let boxRow else { return }
        let rows = min(factor, height - boxRow * factor)
        let y = topDown ? boxRow : boxesDown - 1 - boxRow
        let backdrop = [UInt64(background.r), UInt64(background.g), UInt64(background.b)]
        for column in 0..<boxesAcross {
            let count = UInt64(min(factor, width - column * factor) * rows)
            let at = column * 7, to = (y * boxesAcross + column) * 3
            let coverage = 255 * count - sums[at + 6]
            for channel in 0..<3 {
                composited[to + channel] = UInt8((sums[at + channel] + backdrop[channel] * coverage + 255 * count / 2) / (255 * count))
                opaque[to + channel] = UInt8((sums[at + 3 + channel] + count / 2) / count)
            }
            for index in at..<(at + 7) { sums[index] = 0 }
        }
    }
}
