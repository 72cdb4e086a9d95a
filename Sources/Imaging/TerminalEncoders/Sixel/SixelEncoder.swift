import TerminalVocabulary

/// Sixel encoding of our own: a palette made from the image (`AdaptiveQuantizer`, dithered where
/// the image is smooth), then `SixelWriter`'s bytes, pruned where a few pixels cost many bytes
/// (`SixelPruning`), and a busy picture that costs more than its budget quantised again to fewer registers (`SixelBudget`).
/// Pure Swift on the caller's thread; calls may run concurrently.
public enum SixelEncoder {
    /// The most registers a quantised palette uses, however many the terminal has (an image with
    /// no more colours than the terminal has registers keeps its own, exactly).
    ///
    /// 160 rather than 256: Wu's quantiser fits registers well enough that more of them mostly
    /// add bytes (each change of register between neighbouring pixels costs sixel bytes, which
    /// every scroll frame re-sends). Pruning (`pruningStrength`) takes back more bytes than
    /// quality, and these 32 registers more than 128 give the quality back: together, a fifth
    /// fewer bytes than 128 registers without pruning at the same PSNR. Images with few colours
    /// stay exact. No error diffusion: with registers fitted to the image it lowered PSNR and
    /// added bytes; smooth parts are dithered instead (`OrderedDither`), which breaks up the
    /// bands a sky shows at any palette size. The measurements are in BENCHMARKS.md, "Sixel
    /// palette size", "Sixel bytes per thumbnail" and "Sixel dithering".
    public static let quantizedRegisters = 160

    /// What a byte saved is worth in added squared error, per unit of the palette's own mean
    /// squared error (`SixelPruning.errorPerByte`): in proportion, so that every picture gives up
    /// about the same share of its quality (in dB) for the bytes, and a picture kept in its own
    /// colours (no error) is never pruned.
    static let pruningStrength = 1.5

    /// Refuse to encode more pixels than this: what reaches a terminal is resized to a box no
    /// larger than a terminal shows first (`PixelSize.pictureBox`).
    public static let maxPixels = PixelSize.largestPictureSide * PixelSize.largestPictureSide

    /// `image` as a sixel image: `ESC P q … ESC \`, 7-bit controls, ready to write at the cursor.
    ///
    /// The image is sent at its own size: the raster attributes give its height, and the rows of
    /// a last band that are not the image's have no bits set: a 240x1 picture is sent as 240x1,
    /// not with 5 blank rows below. Terminals differ in how they draw a partial last band, so a picture meant
    /// to cover whole cells should be cut to whole bands first (`PictureRenderer.wholeSixelBands`).
    ///
    /// - Parameters:
    ///   - registers: how many colour registers the terminal has (2...256): an image with no more
    ///     colours keeps its own, exactly.
    ///   - quantizedRegisters: the most registers a quantised palette uses (at most `registers`):
    ///     `quantizedRegisters` by default, which keeps the bytes that scroll frames re-send down;
    ///     an image sent once can afford 256 (see `quantizedRegisters`). A picture over
    ///     `SixelBudget`'s bytes per pixel gets fewer.
    /// - Throws: `.empty` for an image without pixels, `.tooLarge` above `maxPixels`.
    public static func encode(_ image: RGBImage, registers: Int = 256,
                              quantizedRegisters: Int = quantizedRegisters) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard image.width * image.height <= maxPixels else {
            throw ImageError.tooLarge(width: image.width, height: image.height)
        }
        return SixelBudget().encode(image, registers: registers, quantizedRegisters: quantizedRegisters).bytes
    }

    /// `indexed` (made from `image`) as sixel bytes, pruned in proportion to its palette's error.
    static func write(_ indexed: IndexedImage, of image: RGBImage) -> (bytes: [UInt8], bandBytes: Int) {
        let errorPerByte = Int((pruningStrength * indexed.meanSquaredError).rounded())
        // A picture in its own colours has no error to trade: it is written as it is.
        // A dithered picture is pruned against the colours its registers were chosen for.
        let reference = indexed.ditheredPixels.map { RGBImage(width: image.width, height: image.height, pixels: $0) } ?? image
        return SixelWriter.written(indexed, pruning: errorPerByte > 0 ? (reference, errorPerByte) : nil)
    }
}
