public import TerminalVocabulary

/// Decodes encoded image bytes of any supported format into RGB pixels.
public enum ImageDecoder {
    /// Decodes `bytes`, choosing the codec from the bytes themselves, and turns the picture
    /// upright as its Exif orientation says (`PhotoMetadata`; TIFF, HEIF, camera RAW and JPEG XL
    /// turn their own). Transparency is composited over `background` (black unless the caller
    /// says: the terminal's background is best): PNG's, WebP's, TIFF's, HEIF's, JPEG XL's and
    /// BMP's alpha, a GIF's transparent pixels.
    ///
    /// - Parameters:
    ///   - covering: when given, the codec may decode at a reduced size that still covers it
    ///     (both sides at least as large, upright), which is much faster for thumbnails. The result
    ///     is not resized to it exactly; use `aspectFill`/`aspectFit`/`resized` for that. JPEG and
    ///     WebP decode reduced, HEIF from an embedded thumbnail that covers it, a camera RAW from
    ///     its embedded preview decoded reduced, JPEG XL decoded whole then averaged down; other
    ///     formats come back at full size.
    ///   - maxPixels: refuse (with `.tooLarge`) images whose header announces more pixels.
    /// - Throws: `ImageError.empty` for no bytes, `.unsupportedFormat` for formats not decoded
    ///   here, `.tooLarge` or `.corrupt` from the codec.
    public static func decode(_ bytes: some EncodedBytes, covering: PixelSize? = nil,
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try bytes.withEncodedBytes { bytes in
            let orientation = PhotoMetadata(reading: bytes).orientation
            return try decodeStored(bytes, covering: covering.map(orientation.upright), maxPixels: maxPixels,
                                    background: background).oriented(orientation)
        }
    }

    /// The picture as stored, before any Exif orientation is applied; `covering` is in stored terms.
    private static func decodeStored(_ bytes: UnsafeBufferPointer<UInt8>, covering: PixelSize?,
                                     maxPixels: Int, background: RGB) throws -> RGBImage {
        guard !bytes.isEmpty else { throw ImageError.empty }
        switch ImageFormat(contentsOf: bytes) {
        case .jpeg:
            return try JPEGCodec.decode(bytes, covering: covering, maxPixels: maxPixels)
        case .png:
            return try PNGCodec.decode(bytes, covering: covering, maxPixels: maxPixels, background: background)
        case .webp:
            return try WebPCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels, background: background)
        case .gif:
            return try GIFCodec.decode(bytes, maxPixels: maxPixels, background: background)
        case .tiff:
            return try TIFFCodec.decode(bytes, covering: covering, maxPixels: maxPixels, background: background)
        case .bmp:
            return try BMPCodec.decode(bytes, covering: covering, maxPixels: maxPixels, background: background)
        case .heif:
            return try HEIFCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels, background: background)
        case .cameraRaw:
            return try CameraRawCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels)
        case .jpegXL:
            return try JPEGXLCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels, background: background)
        case nil:
            throw ImageError.unsupportedFormat
        }
    }

    /// Calls `body` with each frame of an animated GIF or WebP as the screen shows it, and how long
    /// it stays in milliseconds, until `body` returns false, the animation ends or `maxFrames` were
    /// shown. A still picture, of any format, is one frame. Transparency is composited over
    /// `background`, as `decode` does.
    public static func forEachFrame(_ bytes: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels, maxFrames: Int = 1000,
                                    background: RGB = RGB(0, 0, 0),
                                    _ body: (RGBImage, _ milliseconds: Int) throws -> Bool) throws {
        try bytes.withEncodedBytes { bytes in
            switch ImageFormat(sniffing: bytes) {
            case .gif: try GIFCodec.forEachFrame(bytes, maxPixels: maxPixels, maxFrames: maxFrames, background: background, body)
            case .webp: try WebPCodec.forEachFrame(bytes, maxPixels: maxPixels, maxFrames: maxFrames, background: background, body)
            default: _ = try body(decode(bytes, maxPixels: maxPixels, background: background), 0)
            }
        }
    }

    // MARK: - Decoding for a box

    /// Decodes `bytes` at a size that resamples well to fit inside `box` with the aspect kept
    /// (`aspectFit`, or text art with `.contain`): see `decode(_:for:filling:maxPixels:parallel:)`.
    /// - Parameter parallel: see `JPEGCodec.decode(_:coveringFor:maxPixels:parallel:)`.
    public static func decode(_ bytes: some EncodedBytes, fittingIn box: PixelSize,
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, parallel: Bool = false,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try decode(bytes, for: box, filling: false, maxPixels: maxPixels, parallel: parallel, background: background)
    }

    /// Decodes `bytes` at a size that resamples well to fill `box`, the overflow cropped
    /// (`aspectFill`, or text art with `.crop`): see `decode(_:for:filling:maxPixels:parallel:)`.
    /// - Parameter parallel: see `JPEGCodec.decode(_:coveringFor:maxPixels:parallel:)`.
    public static func decode(_ bytes: some EncodedBytes, filling box: PixelSize,
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, parallel: Bool = false,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try decode(bytes, for: box, filling: true, maxPixels: maxPixels, parallel: parallel, background: background)
    }

    /// A JPEG is decoded at the smallest DCT scale that covers twice the size its picture will have
    /// in `box` (1/8 of a 4000 px photo for a 240x160 box) instead of decoding every pixel and
    /// throwing most away. Twice, because the reduced IDCTs between 2/8 and 7/8 are not area
    /// averages: resampling their output from at least twice the size comes much closer to an exact
    /// downscale for little time (BENCHMARKS.md). The result is not resized to `box`; the caller's
    /// resampling does that. WebP is scaled to that size while decoding, HEIF decodes an embedded
    /// thumbnail that covers it when it has one; other formats decode at full size. The sizes are
    /// the upright picture's: a portrait stored sideways (Exif orientation 6) is decoded to fill a
    /// portrait box.
    private static func decode(_ bytes: some EncodedBytes, for box: PixelSize, filling: Bool,
                               maxPixels: Int, parallel: Bool, background: RGB) throws -> RGBImage {
        try bytes.withEncodedBytes { bytes in
            let orientation = PhotoMetadata(reading: bytes).orientation
            let size = { (stored: PixelSize) in
                orientation.upright(decodeSize(of: orientation.upright(stored), for: box, filling: filling))
            }
            let picture: RGBImage
            switch ImageFormat(contentsOf: bytes) {
            case .jpeg: picture = try JPEGCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels, parallel: parallel)
            case .webp: picture = try WebPCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels, background: background)
            case .heif: picture = try HEIFCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels, background: background)
            case .cameraRaw: picture = try CameraRawCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels)
            case .jpegXL: picture = try JPEGXLCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels, background: background)
            default: picture = try decodeStored(bytes, covering: nil, maxPixels: maxPixels, background: background)
            }
            return picture.oriented(orientation)
        }
    }

    /// Twice the size a `source`-sized picture has once fitted in (or filling) `box`, at least 1x1
    /// and at most the source's own size (no decode is larger), whatever the box.
    static func decodeSize(of source: PixelSize, for box: PixelSize,
                           filling: Bool) -> PixelSize {
        let across = Double(box.width) / Double(max(1, source.width))
        let down = Double(box.height) / Double(max(1, source.height))
        let scale = min(1, 2 * (filling ? max(across, down) : min(across, down)))
        return PixelSize(width: max(1, Int((Double(source.width) * scale).rounded())),
                         height: max(1, Int((Double(source.height) * scale).rounded())))
    }
}
