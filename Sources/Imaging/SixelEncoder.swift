import CSixel

/// The colour registers a sixel image is quantised to.
public enum SixelPalette: Sendable, Equatable {
    /// A palette of at most `colors` (2...256) registers built from the image itself
    /// (libsixel's median cut). Best quality; costs a histogram pass per image.
    case adaptive(colors: Int)
    /// xterm's fixed 256-colour palette, identical for every image.
    case xterm256
}

/// Sixel encoding with libsixel's low-level API: pixels in, a complete DCS sequence out.
/// libsixel never sees a file name or the environment here, only our own size-capped pixels.
/// Every call owns its libsixel objects, so calls may run concurrently.
public enum SixelEncoder {
    /// The palette `encode` uses unless told otherwise: adaptive, 256 registers.
    ///
    /// Chosen by measurement over the nine `*-1080.jpg` photos (libsixel 1.10.3, one core, best of
    /// 20 (thumbnail) or 3 (detail) runs; PSNR of the sixel decoded back against the pixels that
    /// were encoded; adaptive rows use `Tuning`'s register choice unless marked "corner"):
    ///
    ///     48x96 thumbnail                    time     bytes    PSNR
    ///     adaptive, no diffusion             0.92 ms  10.6 KB  36.1 dB   <- default
    ///     adaptive, Atkinson                 1.11 ms  10.7 KB  36.0 dB
    ///     adaptive, Floyd-Steinberg, corner  1.03 ms  11.2 KB  34.3 dB
    ///     adaptive, no diffusion, corner     0.91 ms  10.0 KB  34.7 dB
    ///     adaptive, libsixel "full"          2.26 ms  10.9 KB  36.9 dB
    ///     xterm256, no diffusion             0.42 ms   8.6 KB  27.1 dB
    ///     xterm256, Floyd-Steinberg          0.65 ms  10.3 KB  25.2 dB
    ///
    ///     800x600 detail                     time     bytes    PSNR
    ///     adaptive, no diffusion             31 ms    404 KB   35.6 dB   <- default
    ///     adaptive, Atkinson                 41 ms    420 KB   35.5 dB
    ///     adaptive, Floyd-Steinberg, corner  42 ms    484 KB   33.5 dB
    ///     adaptive, no diffusion, corner     28 ms    368 KB   34.3 dB
    ///     adaptive, libsixel "full"          200 ms   409 KB   36.7 dB
    ///     xterm256, no diffusion             14 ms    208 KB   27.2 dB
    ///     xterm256, Floyd-Steinberg          24 ms    382 KB   24.9 dB
    ///
    /// The fixed palette is twice as fast but 9 dB worse and visibly posterised (hair, skin, the
    /// orange suit in `astronaut`); a per-image palette costs ~0.5 ms a thumbnail, and thumbnails
    /// are cached. Error diffusion never paid: with 256 registers fitted to the image it lowers
    /// PSNR, adds grain a 48x96 picture cannot afford and costs up to 35% more time and 30% more
    /// bytes. libsixel's full-precision histogram buys under 1 dB for 2.5x (thumbnail) to 6.5x
    /// (detail) the time, more than the pipeline's speed target allows.
    public static let defaultPalette = SixelPalette.adaptive(colors: 256)

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
    ///     Images shorter than 6 rows are always padded: libsixel 1.10.3 starts a lone partial
    ///     band with a graphics newline, which would draw the image one band too low.
    ///   - background: the colour of the padding rows.
    /// - Throws: `.empty` for an image without pixels, `.tooLarge` above `maxPixels`,
    ///   `.corrupt` if libsixel fails (out of memory).
    public static func encode(_ image: RGBImage, palette: SixelPalette = defaultPalette,
                              padToSixRows: Bool = false, background: RGB = RGB(0, 0, 0)) throws -> [UInt8] {
        try encode(image, palette: palette, tuning: Tuning(), padToSixRows: padToSixRows, background: background)
    }

    /// libsixel knobs the public API fixes (the defaults are the measured choice, see
    /// `defaultPalette`), kept apart so tests can compare the alternatives.
    struct Tuning {
        var diffusion = Diffusion.none
        /// Histogram precision of the adaptive palette: `SIXEL_QUALITY_HIGH` or `_FULL`.
        var quality = Int32(SIXEL_QUALITY_HIGH)
        /// How median cut picks each register's colour from its box of the histogram.
        var representative = Int32(SIXEL_REP_AVERAGE_PIXELS)
        /// Move every adaptive register to the middle of its 8-level histogram bucket. libsixel's
        /// high-quality histogram keeps 5 bits a channel and reports a bucket by its lowest value
        /// (255 comes back as 248), darkening every colour by 3.5 levels on average; centring is
        /// worth 1.3 dB for nothing. Only right for the 5-bit histogram, so ignored for "full".
        var centreRegisters = true
    }

    /// Error diffusion methods worth comparing (a subset of libsixel's).
    enum Diffusion: CaseIterable {
        case none, floydSteinberg, atkinson

        var libsixelValue: Int32 {
            switch self {
            case .none: return SIXEL_DIFFUSE_NONE
            case .floydSteinberg: return SIXEL_DIFFUSE_FS
            case .atkinson: return SIXEL_DIFFUSE_ATKINSON
            }
        }
    }

    static func encode(_ image: RGBImage, palette: SixelPalette, tuning: Tuning,
                       padToSixRows: Bool, background: RGB) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard image.width * image.height <= maxPixels else {
            throw ImageError.tooLarge(width: image.width, height: image.height)
        }
        let padded = padToSixRows || image.height < 6 ? image.paddedToSixRows(with: background) : image
        // libsixel diffuses the quantisation error into the buffer it is given, so it gets a
        // copy of its own (the first mutation below copies `padded.pixels`).
        var pixels = padded.pixels
        return try pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { throw ImageError.empty }
            let dither = try makeDither(palette, tuning: tuning, pixels: base, width: padded.width, height: padded.height)
            defer { sixel_dither_unref(dither) }
            sixel_dither_set_diffusion_type(dither, tuning.diffusion.libsixelValue)
            let sink = ByteSink()
            var output: OpaquePointer?
            try check(sixel_output_new(&output, { data, size, context in
                guard let data, let context, size > 0 else { return 0 }
                let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
                data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
                }
                return size
            }, Unmanaged.passUnretained(sink).toOpaque(), nil))
            defer { sixel_output_unref(output) }
            try withExtendedLifetime(sink) {
                try check(sixel_encode(base, Int32(padded.width), Int32(padded.height), 3, dither, output))
            }
            return sink.bytes
        }
    }

    /// A dither (palette + quantiser) holding one reference, which the caller releases.
    private static func makeDither(_ palette: SixelPalette, tuning: Tuning, pixels: UnsafeMutablePointer<UInt8>,
                                   width: Int, height: Int) throws -> OpaquePointer {
        switch palette {
        case .xterm256:
            // A new object each call (reference count 1) whose palette points at libsixel's
            // read-only table: never ask it to "optimize" (compact) that palette, it would write there.
            guard let dither = sixel_dither_get(SIXEL_BUILTIN_XTERM256) else {
                throw ImageError.corrupt("sixel: no built-in xterm palette")
            }
            return dither
        case .adaptive(let colors):
            var dither: OpaquePointer?
            try check(sixel_dither_new(&dither, Int32(max(2, min(256, colors))), nil))
            guard let dither else { throw ImageError.corrupt("sixel: no dither") }
            do {
                try check(sixel_dither_initialize(dither, pixels, Int32(width), Int32(height),
                                                  SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_NORM,
                                                  tuning.representative, tuning.quality))
            } catch {
                sixel_dither_unref(dither)
                throw error
            }
            if tuning.centreRegisters && tuning.quality != SIXEL_QUALITY_FULL { centreRegisters(of: dither) }
            return dither
        }
    }

    /// See `Tuning.centreRegisters`. The adaptive palette lives in the dither's own allocation.
    private static func centreRegisters(of dither: OpaquePointer) {
        guard let palette = sixel_dither_get_palette(dither) else { return }
        let count = Int(sixel_dither_get_num_of_palette_colors(dither)) * 3
        for i in 0..<count { palette[i] = UInt8(min(255, Int(palette[i]) + 4)) }
    }

    /// Throws for a libsixel failure status, with libsixel's description of it.
    static func check(_ status: SIXELSTATUS) throws {
        guard csixel_failed(status) != 0 else { return }
        let reason = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
        throw ImageError.corrupt("sixel: \(reason)")
    }
}

/// Collects what libsixel writes; reached from its C callback through an unretained pointer.
private final class ByteSink {
    var bytes: [UInt8] = []
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
