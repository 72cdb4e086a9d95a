public import TerminalVocabulary
import CPNG
import CPNGRead

/// PNG decode with libpng's full API (through `CPNGRead`, which catches its errors) and encode
/// with its simplified API (`png_image`), 8-bit sRGB RGB only.
public enum PNGCodec {
    /// Decodes a PNG of any colour type and bit depth to 8-bit RGB, its values taken as sRGB as
    /// browsers and chafa take them (a gAMA chunk is applied only without sRGB or iCCP, and only
    /// when it says something other than about 1/2.2 or 1.0).
    ///
    /// Alpha (an alpha channel or tRNS) is composited over `background` in sRGB values, as peers
    /// do, not in linear light. The size announced by the header is checked against `maxPixels`
    /// before pixel memory is allocated. A large picture is kept as the averages of square boxes of
    /// its pixels still covering `covering` (`ScaledSize.boxFactor`), summed as rows are read, so
    /// memory holds the small picture (a 97 KB PNG of 10000 x 10000 took 293 MB whole). Rows decoded before an error stopped libpng (data cut
    /// short, a bad filter byte) are kept, the rest grey, and the image `isTruncated`; nothing
    /// decoded (a damaged header, a bad first row) is `.corrupt`.
    public static func decode(_ data: some EncodedBytes, covering: PixelSize? = nil, maxPixels: Int = JPEGCodec.defaultMaxPixels,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            guard !data.isEmpty else { throw ImageError.empty }
            let source = readableChunks(of: data)
            guard let base = source.baseAddress else { throw ImageError.corrupt("no PNG data") }
            var report = gallery_png_report()
            var width: UInt32 = 0, height: UInt32 = 0
            guard gallery_png_read_size(base, source.count, &width, &height, &report) == 0 else {
                throw ImageError.corrupt(report.text)
            }
            let w = Int(width), h = Int(height)
            guard w * h <= maxPixels else { throw ImageError.tooLarge(width: w, height: h) }
            guard w > 0, h > 0, w * 4 <= Int(Int32.max) else { throw ImageError.corrupt("unusable size \(w)x\(h)") }
            let backdrop = [background.r, background.g, background.b]
            let factor = ScaledSize.boxFactor(covering, source: PixelSize(width: w, height: h))
            let kept = PixelSize(width: (w + factor - 1) / factor, height: (h + factor - 1) / factor)
            var status: Int32 = -1
            // Not zero-filled first: C writes every byte unless it fails, and then they are dropped.
            let pixels = [UInt8](unsafeUninitializedCapacity: kept.width * kept.height * 3) { rgb, initialized in
                status = gallery_png_decode(base, source.count, backdrop, rgb.baseAddress, width, height, UInt32(factor), &report)
                initialized = rgb.count
            }
            guard status >= 0 else { throw ImageError.corrupt(report.text) }
            var image = RGBImage(width: kept.width, height: kept.height, pixels: pixels)
            image.isTruncated = status == 1
            return image
        }
    }

    /// Encodes RGB pixels as an 8-bit RGB PNG (lossless, libpng's default compression), with
    /// `text` as `tEXt` chunks (`PNGText`) right after the header, where readers look first.
    /// - Parameter fast: compress less for speed (libpng's `PNG_IMAGE_FLAG_FAST`): for files
    ///   written in passing, such as desktop thumbnails.
    public static func encode(_ image: RGBImage, text: [(keyword: String, text: String)] = [], fast: Bool = false) throws -> [UInt8] {
        let png = try encodePixels(image, fast: fast)
        guard !text.isEmpty else { return png }
        // The signature (8 bytes) and IHDR (12 + 13), which libpng always writes first.
        let header = 33
        return Array(png[..<header]) + text.flatMap { PNGText.chunk(keyword: $0.keyword, text: $0.text) } + png[header...]
    }

    private static func encodePixels(_ image: RGBImage, fast: Bool) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(PNG_FORMAT_RGB)
        if fast { png.flags = png_uint_32(PNG_IMAGE_FLAG_FAST) }
        defer { png_image_free(&png) }
        // Deflate never grows data by more than a few bytes per 64 KiB block and libpng adds 12
        // bytes per IDAT chunk, so this capacity almost always suffices and the image is
        // compressed once; if not, libpng reports the size it needs and we compress again.
        let raw = image.pixels.count + image.height
        var capacity = raw + raw / 64 + 1024
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = image.pixels.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    png_image_write_to_memory(&png, target.baseAddress, &size, 0, source.baseAddress,
                                              png_int_32(image.width * 3), nil)
                }
            }
            if written != 0 {
                output.removeLast(capacity - Int(size))
                return output
            }
            guard Int(size) > capacity else { throw ImageError.corrupt(message(of: png)) }
            capacity = Int(size)
        }
    }

    /// `data` up to the first chunk other than IDAT that announces more bytes than follow it.
    ///
    /// libpng allocates a chunk's buffer at the length the chunk announces before reading it,
    /// so a few damaged bytes in a 100-byte file had it ask for up to 2 GB (found by fuzzing).
    /// Such a chunk cannot be read anyway: without it libpng sees the file end there, which is
    /// corrupt data when rows are missing and a harmless lost trailer when not, as before. IDAT
    /// is read a few KB at a time whatever it announces: a file cut inside it keeps the rows its
    /// data holds.
    static func readableChunks(of data: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var chunk = 8  // after the signature
        while chunk + 8 <= data.count {
            let length = data[chunk..<(chunk + 4)].bigEndianInteger
            // Length, type and data must fit; a cut CRC is libpng's to judge.
            guard length <= data.count - chunk - 8 else {
                return data[(chunk + 4)..<(chunk + 8)].elementsEqual("IDAT".utf8) ? data : UnsafeBufferPointer(rebasing: data[..<chunk])
            }
            chunk += 12 + length
        }
        return data
    }

    private static func message(of png: png_image) -> String {
        var message = png.message
        let text = withUnsafeBytes(of: &message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libpng failed" : text
    }
}

private extension gallery_png_report {
    /// libpng's message, as C left it in the fixed buffer.
    var text: String {
        let text = withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libpng failed" : text
    }
}
