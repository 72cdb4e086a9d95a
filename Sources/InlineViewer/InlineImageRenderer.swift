import Imaging
import TerminalVocabulary

/// Turns one encoded image into the bytes that show it at the cursor, fitted inside a box of cells
/// with its aspect kept: what `gallery view` prints for each file.
struct InlineImageRenderer {
    let box: CellSize
    /// A picture printed once, one at a time: sent at its own size (no whole sixel bands), the
    /// default sixel palette, kitty pixels placed where they are sent (as `kittyPixels`), text
    /// covering only the picture's cells, and a second decoding thread, which has a core to itself.
    let pictures: PictureRenderer

    /// - Parameters:
    ///   - cellPixels: the pixel size of a cell, for the modes that draw pixels.
    ///   - depth: the colours of half-block and ASCII art.
    init(mode: RenderMode, box: CellSize, cellPixels: PixelSize, depth: ColorDepth, kittyPixels: KittyPicture.Pixels = .rgb) {
        self.box = box
        pictures = PictureRenderer(mode: mode, cell: cellPixels, depth: depth, kittyPixels: kittyPixels, parallelDecode: true)
    }

    var mode: RenderMode { pictures.mode }

    /// The box in the pixels the mode draws (a text cell holds `PixelSize.textCell`, a graphics
    /// cell `cellPixels`), each side cut to what a terminal shows.
    var pixelBox: PixelSize { pictures.pixelBox(cells: box) }

    /// Whether `box` is larger than a terminal shows, so that pictures are fitted in less than it.
    var isBoxCut: Bool {
        // CellSize sides are at most 10,000 and plausible cells 400 pixels: no overflow.
        let cut = pixelBox, unit = pictures.pixelsPerCell
        return box.columns * unit.width > cut.width || box.rows * unit.height > cut.height
    }

    /// `encoded` decoded upright at a size that resamples well to the box: `draw`'s picture.
    func decode(_ encoded: some EncodedBytes) throws -> RGBImage {
        try pictures.decode(encoded, cells: box, fit: .contain)
    }

    /// The bytes that draw `decoded` (`decode`'s picture, a video's frame, upright), and the rows
    /// of cells it covers. Sixel ends with the sequence itself (the terminal moves the cursor
    /// below it); kitty and iTerm2 leave the cursor beside the image, so they end with a newline,
    /// and every text row ends with a reset and a newline.
    /// - Parameter imageID: the kitty image id, distinct per image so one does not replace another.
    func draw(_ decoded: RGBImage, imageID: UInt32) throws -> (bytes: [UInt8], rows: Int) {
        try bytes(of: pictures.render(decoded, cells: box, fit: .contain, kittyID: imageID))
    }

    private func bytes(of picture: RenderedPicture) -> (bytes: [UInt8], rows: Int) {
        switch picture.content {
        case .sixel(let bytes): return (bytes, picture.rows)
        case .kitty(let kitty): return (kitty.transmission + [newline], picture.rows)
        case .iterm(let bytes): return (bytes + [newline], picture.rows)
        case .text(let lines, _):
            var output = ""
            for line in lines {
                output += line
                output += "\n"
            }
            return (Array(output.utf8), lines.count)
        }
    }

    private var newline: UInt8 { UInt8(ascii: "\n") }
}
