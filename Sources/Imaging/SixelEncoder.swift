/// The colour registers a sixel image is quantised to.
public enum SixelPalette: Sendable, Equatable {
    /// A palette of at most `colors` (2...256) registers built from the image itself
    /// (Wu's quantiser). Best quality; costs a histogram pass per image.
    case adaptive(colors: Int)
    /// xterm's fixed 256-colour palette, identical for every image.
    case xterm256
}

/// Sixel encoding of our own: an adaptive palette (`AdaptiveQuantizer`) or xterm's, then
/// `SixelWriter`'s bytes. Pure Swift on the caller's thread; calls may run concurrently.
public enum SixelEncoder {
    /// The palette `encode` uses unless told otherwise: adaptive, 256 registers.
    ///
    /// MEASUREMENTS
    public static let defaultPalette = SixelPalette.adaptive(colors: 256)

    /// The most registers a quantised adaptive palette uses, however many the terminal has (an
    /// image with no more colours than the terminal has registers keeps its own): see
    /// `defaultPalette`.
    public static let quantizedRegisters = 128

    /// Refuse to encode more pixels than this: what reaches a terminal is resized to a pane first.
    public static let maxPixels = 4096 * 4096

    /// `image` as a sixel image: `ESC P q … ESC \`, 7-bit controls, ready to write at the cursor.
    ///
    /// - Parameters:
    ///   - palette: how colours are chosen; see `defaultPalette` for why it is what it is.
    ///   - padToSixRows: extend the image downwards with `background` to a multiple of 6 pixel
    ///     rows. A sixel band is 6 rows tall and terminals treat a partial last band differently
    ///     (some leave the rest of the band untouched, some clear it), so an image meant to fill
    ///     whole cells should be padded rather than leave that choice to the terminal.
    ///     Images shorter than 6 rows are always padded: their one band would be all partial.
    ///   - background: the colour of the padding rows.
    /// - Throws: `.empty` for an image without pixels, `.tooLarge` above `maxPixels`.
    public static func encode(_ image: RGBImage, palette: SixelPalette = defaultPalette,
                              padToSixRows: Bool = false, background: RGB = RGB(0, 0, 0)) throws -> [UInt8] {
        try encode(image, palette: palette, quantizedRegisters: quantizedRegisters, padToSixRows: padToSixRows,
                   background: background)
    }

    /// `encode` with the quantised palette's size open, so tests can compare the alternatives.
    static func encode(_ image: RGBImage, palette: SixelPalette, quantizedRegisters: Int,
                       padToSixRows: Bool, background: RGB) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard image.width * image.height <= maxPixels else {
            throw ImageError.tooLarge(width: image.width, height: image.height)
        }
        let padded = padToSixRows || image.height < 6 ? image.paddedToSixRows(with: background) : image
        switch palette {
        case .adaptive(let colors):
            return SixelWriter.write(AdaptiveQuantizer.index(padded, colors: colors, quantizedColors: quantizedRegisters))
        case .xterm256:
            return SixelWriter.write(XtermPalette.index(padded))
        }
    }
}

extension RGBImage {
    /// This image with rows of `color` added below, up to a multiple of 6 rows.
    func paddedToSixRows(with color: RGB) -> RGBImage {
        let extra = (6 - height % 6) % 6
        guard extra > 0 else { return self }
        let filler = RGBImage(width: width, height: extra, filledWith: color)
        return RGBImage(width: width, height: height + extra, pixels: pixels + filler.pixels)
    }
}
