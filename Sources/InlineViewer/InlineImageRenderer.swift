import Imaging
import TerminalEnvironment

/// Turns one encoded image into the bytes that show it at the cursor, fitted inside a box of cells
/// with its aspect kept: what `gallery view` prints for each file.
struct InlineImageRenderer {
    let mode: RenderMode
    let box: CellBox
    /// Pixel size of a cell, for the modes that draw pixels.
    let cellPixels: PixelSize
    /// Colours of half-block and ASCII art.
    let depth: ColorDepth

    /// The box in the pixels the mode draws (a text cell holds `PixelSize.textCell`, a graphics
    /// cell `cellPixels`), each side cut to what a terminal shows.
    var pixelBox: PixelSize {
        .pictureBox(columns: box.columns, rows: box.rows, cell: cellUnit)
    }

    /// Whether `box` is larger than a terminal shows, so that pictures are fitted in less than it.
    var isBoxCut: Bool {
        // CellBox sides are at most 10,000 and plausible cells 400 pixels: no overflow.
        let box = pixelBox
        return self.box.columns * cellUnit.width > box.width || self.box.rows * cellUnit.height > box.height
    }

    private var cellUnit: PixelSize { mode.drawsPixels ? cellPixels : .textCell }

    /// The bytes that draw `encoded`. Sixel ends with the sequence itself (the terminal moves the
    /// cursor below it); kitty and iTerm2 leave the cursor beside the image, so they end with a
    /// newline, and every text row ends with a reset and a newline.
    /// - Parameter imageID: the kitty image id, distinct per image so one does not replace another.
    func render(_ encoded: some EncodedBytes, imageID: UInt32) throws -> [UInt8] {
        let target = pixelBox
        // One picture at a time: a second decoding thread has a core to itself.
        let decoded = try ImageDecoder.decode(encoded, fittingIn: (target.width, target.height), parallel: true)
        let image = decoded.aspectFit(width: target.width, height: target.height)
        let cells = image.cellsCovered(cellWidth: cellPixels.width, cellHeight: cellPixels.height)
        switch mode {
        case .sixel:
            return try SixelEncoder.encode(image)
        case .kitty:
            return KittyGraphics.transmitAndPlace(image, id: imageID, columns: cells.columns, rows: cells.rows)
                + [newline]
        case .iterm:
            return try ITermImage.encode(image, columns: cells.columns, rows: cells.rows) + [newline]
        case .halfblock:
            return text(CellArt.halfBlocks(from: image, columns: image.width, rows: (image.height + 1) / 2, fit: .fit))
        case .ascii:
            // Fitted, not filled: the cells are the picture's own size, rounded up to whole rows,
            // and filling them cropped an odd-height picture to their aspect (half of a 240x1).
            return text(CellArt.ascii(from: image, columns: image.width, rows: (image.height + 1) / 2,
                                      fit: .fit, colored: depth != .none))
        }
    }

    private var newline: UInt8 { UInt8(ascii: "\n") }

    private func text(_ art: CellArt) -> [UInt8] {
        var output = ""
        for row in 0..<art.rows {
            output += art.ansiLine(row: row, depth: depth)
            output += "\n"
        }
        return Array(output.utf8)
    }
}
