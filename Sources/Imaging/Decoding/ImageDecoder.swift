/// Decodes encoded image bytes of any supported format into RGB pixels.
public enum ImageDecoder {
    /// Decodes `bytes`, choosing the codec from the bytes themselves. Transparency is composited
    /// over black.
    ///
    /// - Parameters:
    ///   - covering: when given, the codec may decode at a reduced size that still covers it
    ///     (both sides at least as large), which is much faster for thumbnails. The result is not
    ///     resized to it exactly; use `aspectFill`/`aspectFit`/`resized` for that. JPEG and WebP
    ///     decode reduced, HEIF from an embedded thumbnail that covers it; other formats come
    ///     back at full size.
    ///   - maxPixels: refuse (with `.tooLarge`) images whose header announces more pixels.
    /// - Throws: `ImageError.empty` for no bytes, `.unsupportedFormat` for formats not decoded
    ///   here, `.tooLarge` or `.corrupt` from the codec.
    public static func decode(_ bytes: some EncodedBytes, covering: (width: Int, height: Int)? = nil,
                              maxPixels: Int = JPEGCodec.defaultMaxPixels) throws -> RGBImage {
        try bytes.withEncodedBytes { bytes in
            guard !bytes.isEmpty else { throw ImageError.empty }
            switch ImageFormat(sniffing: bytes) {
            case .jpeg:
                return try JPEGCodec.decode(bytes, covering: covering, maxPixels: maxPixels)
            case .png:
                return try PNGCodec.decode(bytes, maxPixels: maxPixels)
            case .webp:
                return try WebPCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels)
            case .gif:
                return try GIFCodec.decode(bytes, maxPixels: maxPixels)
            case .tiff:
                return try TIFFCodec.decode(bytes, maxPixels: maxPixels)
            case .bmp:
                return try BMPCodec.decode(bytes, maxPixels: maxPixels)
            case .heif:
                return try HEIFCodec.decode(bytes, coveringFor: { _ in covering }, maxPixels: maxPixels)
            case nil:
                throw ImageError.unsupportedFormat
            }
        }
    }

    /// Calls `body` with each frame of an animated GIF or WebP as the screen shows it, and how long
    /// it stays in milliseconds, until `body` returns false, the animation ends or `maxFrames` were
    /// shown. A still picture, of any format, is one frame.
    public static func forEachFrame(_ bytes: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels, maxFrames: Int = 1000,
                                    _ body: (RGBImage, _ milliseconds: Int) throws -> Bool) throws {
        try bytes.withEncodedBytes { bytes in
            switch ImageFormat(sniffing: bytes) {
            case .gif: try GIFCodec.forEachFrame(bytes, maxPixels: maxPixels, maxFrames: maxFrames, body)
            case .webp: try WebPCodec.forEachFrame(bytes, maxPixels: maxPixels, maxFrames: maxFrames, body)
            default: _ = try body(decode(bytes, maxPixels: maxPixels), 0)
            }
        }
    }

    // MARK: - Decoding for a box

    /// Decodes `bytes` at a size that resamples well to fit inside `box` with the aspect kept
    /// (`aspectFit`, or text art with `.fit`): see `decode(_:for:filling:maxPixels:parallel:)`.
    /// - Parameter parallel: see `JPEGCodec.decode(_:coveringFor:maxPixels:parallel:)`.
    public static func decode(_ bytes: some EncodedBytes, fittingIn box: (width: Int, height: Int),
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, parallel: Bool = false) throws -> RGBImage {
        try decode(bytes, for: box, filling: false, maxPixels: maxPixels, parallel: parallel)
    }

    /// Decodes `bytes` at a size that resamples well to fill `box`, the overflow cropped
    /// (`aspectFill`, or text art with `.fill`): see `decode(_:for:filling:maxPixels:parallel:)`.
    /// - Parameter parallel: see `JPEGCodec.decode(_:coveringFor:maxPixels:parallel:)`.
    public static func decode(_ bytes: some EncodedBytes, filling box: (width: Int, height: Int),
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, parallel: Bool = false) throws -> RGBImage {
        try decode(bytes, for: box, filling: true, maxPixels: maxPixels, parallel: parallel)
    }

    /// A JPEG is decoded at the smallest DCT scale that covers twice the size its picture will
    /// have in `box` (1/8 of a 4000 px photo for a 240x160 box) instead of decoding every pixel
    /// and throwing most away. Twice, because the reduced IDCTs between 2/8 and 7/8 are not area
    /// averages: resampling their output from at least twice the size is 8 dB closer to an exact
    /// downscale (1080 px photos) for ~1 ms. The result is not resized to `box`; the caller's
    /// resampling does that. WebP is scaled to that size while decoding, HEIF decodes an embedded
    /// thumbnail that covers it when it has one; other formats decode at full size.
    private static func decode(_ bytes: some EncodedBytes, for box: (width: Int, height: Int), filling: Bool,
                               maxPixels: Int, parallel: Bool) throws -> RGBImage {
        try bytes.withEncodedBytes { bytes in
            let size = { decodeSize(of: $0, for: box, filling: filling) }
            switch ImageFormat(sniffing: bytes) {
            case .jpeg: return try JPEGCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels, parallel: parallel)
            case .webp: return try WebPCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels)
            case .heif: return try HEIFCodec.decode(bytes, coveringFor: size, maxPixels: maxPixels)
            default: return try decode(bytes, maxPixels: maxPixels)
            }
        }
    }

    /// Twice the size a `source`-sized picture has once fitted in (or filling) `box`, at least 1x1
    /// and at most the source's own size (no decode is larger), whatever the box.
    static func decodeSize(of source: (width: Int, height: Int), for box: (width: Int, height: Int),
                           filling: Bool) -> (width: Int, height: Int) {
        let across = Double(box.width) / Double(max(1, source.width))
        let down = Double(box.height) / Double(max(1, source.height))
        let scale = min(1, 2 * (filling ? max(across, down) : min(across, down)))
        return (max(1, Int((Double(source.width) * scale).rounded())),
                max(1, Int((Double(source.height) * scale).rounded())))
    }
}
