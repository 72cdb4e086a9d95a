import TerminalEnvironment

/// Sixel encoding of our own: a palette made from the image (`AdaptiveQuantizer`), then
/// `SixelWriter`'s bytes. Pure Swift on the caller's thread; calls may run concurrently.
public enum SixelEncoder {
    /// The most registers a quantised palette uses, however many the terminal has (an image with
    /// no more colours than the terminal has registers keeps its own, exactly).
    ///
    /// Chosen by measurement over the eight `*-1080.jpg` photos fitted into 240x160 (a `gallery
    /// view` thumbnail) and 800x600 (a detail pane); release build, one core, median of 15 (5)
    /// runs; PSNR of the sixel decoded back against the pixels that were encoded. "libsixel" is
    /// what this encoder replaced: libsixel 1.10.3's median cut over a 5-bit histogram, 256
    /// registers, no diffusion, registers centred in their buckets. "Wu, n" is ours: Wu's
    /// quantiser to at most n registers, each pixel given its box's register.
    ///
    ///     one run                      240x160 thumbnail          800x600 detail
    ///                                  time     bytes    PSNR     time     bytes   PSNR
    ///     libsixel                     5.09 ms  48.0 KB  36.2 dB  30.9 ms  389 KB  35.9 dB
    ///     Wu, 256                      0.75 ms  59.0 KB  39.6 dB  5.6 ms   475 KB  39.0 dB
    ///     Wu, 128                      0.61 ms  47.9 KB  37.7 dB  5.1 ms   394 KB  37.2 dB  <- default
    ///
    /// Alternatives, 240x160, from an earlier run on a busier machine ("+ nearest k": each pixel
    /// mapped to the register nearest its k-bit cell, then registers moved to their pixels' mean):
    ///
    ///     libsixel                     5.53 ms  48.0 KB  36.2 dB
    ///     Wu, 256                      1.12 ms  59.0 KB  39.6 dB
    ///     Wu, 192                      1.02 ms  54.2 KB  38.8 dB
    ///     Wu, 144                      0.88 ms  49.8 KB  38.1 dB
    ///     Wu, 128                      0.90 ms  47.9 KB  37.7 dB
    ///     Wu, 112                      0.83 ms  45.8 KB  37.3 dB
    ///     Wu, 64                       0.80 ms  33.2 KB  34.5 dB
    ///     Wu, 128 + nearest 5          1.17 ms  47.9 KB  38.0 dB
    ///     Wu, 128 + nearest 6          1.46 ms  49.2 KB  38.5 dB
    ///
    /// Wu's quantiser is 3.4 dB better than libsixel's median cut with the same 256 registers, but
    /// its better-fitted registers change more often from pixel to pixel, and each change costs
    /// sixel bytes: 23% more. Bytes are what every scroll frame re-sends, so the default spends
    /// part of the gain on size: 128 registers match libsixel's bytes with 1.6 dB to spare. (At
    /// 800x600 `brick`, a grey photo, has at most 256 colours and is sent exactly, in 660 KB
    /// instead of 184 KB quantised: images with few colours stay exact.) Searching the nearest
    /// register buys 0.3-0.7 dB for 30-60% more time: Wu's boxes are close enough. No diffusion,
    /// as before: with registers fitted to the image it lowered PSNR and added bytes.
    /// xterm's fixed 256-colour palette was no faster (it searches 256 registers per colour) and
    /// 10 dB worse (27.5 dB); nothing used it, and it is now only a test fixture.
    public static let quantizedRegisters = 128

    /// Refuse to encode more pixels than this: what reaches a terminal is resized to a box no
    /// larger than a terminal shows first (`PixelSize.pictureBox`).
    public static let maxPixels = PixelSize.largestPictureSide * PixelSize.largestPictureSide

    /// `image` as a sixel image: `ESC P q … ESC \`, 7-bit controls, ready to write at the cursor.
    ///
    /// The image is sent at its own size: the raster attributes give its height, and the rows of
    /// a last band that are not the image's have no bits set: a 240x1 picture is sent as 240x1,
    /// not with 5 blank rows below. Terminals differ in how they draw a partial last band, so a picture meant
    /// to cover whole cells should be cut to whole bands first (`PixelThumbnailRenderer` does).
    ///
    /// - Parameters:
    ///   - registers: how many colour registers the terminal has (2...256): an image with no more
    ///     colours keeps its own, exactly.
    ///   - quantizedRegisters: the most registers a quantised palette uses (at most `registers`):
    ///     `quantizedRegisters` by default, which keeps the bytes that scroll frames re-send down;
    ///     an image sent once can afford 256 (see `quantizedRegisters`).
    /// - Throws: `.empty` for an image without pixels, `.tooLarge` above `maxPixels`.
    public static func encode(_ image: RGBImage, registers: Int = 256,
                              quantizedRegisters: Int = quantizedRegisters) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard image.width * image.height <= maxPixels else {
            throw ImageError.tooLarge(width: image.width, height: image.height)
        }
        return SixelWriter.write(AdaptiveQuantizer.index(image, colors: registers, quantizedColors: quantizedRegisters))
    }
}
