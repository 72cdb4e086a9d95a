/// Decodes encoded image bytes of any supported format into RGB pixels.
public enum ImageDecoder {
    /// Decodes `bytes`, choosing the codec from the bytes themselves. PNG transparency is
    /// composited over black.
    ///
    /// - Parameters:
    ///   - covering: when given, the codec may decode at a reduced size that still covers it
    ///     (both sides at least as large), which is much faster for thumbnails. The result is not
    ///     resized to it exactly; use `aspectFill`/`aspectFit`/`resized` for that. PNG has no
    ///     reduced decode, so a PNG always comes back at full size.
    ///   - maxPixels: refuse (with `.tooLarge`) images whose header announces more pixels.
    /// - Throws: `ImageError.empty` for no bytes, `.unsupportedFormat` for formats not decoded
    ///   here, `.tooLarge` or `.corrupt` from the codec.
    public static func decode(_ bytes: [UInt8], covering: (width: Int, height: Int)? = nil,
                              maxPixels: Int = JPEGCodec.defaultMaxPixels) throws -> RGBImage {
        guard !bytes.isEmpty else { throw ImageError.empty }
        switch ImageFormat(sniffing: bytes) {
        case .jpeg:
            return try JPEGCodec.decode(bytes, covering: covering, maxPixels: maxPixels)
        case .png:
            return try PNGCodec.decode(bytes, maxPixels: maxPixels)
        case nil:
            throw ImageError.unsupportedFormat
        }
    }
}
