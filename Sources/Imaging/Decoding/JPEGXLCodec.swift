public import TerminalVocabulary
import CJXL

/// JPEG XL decode with libjxl, loaded when the first such file is met (`CJXL`): the first frame,
/// upright (libjxl applies the codestream's orientation, the only one a JPEG XL file has: an Exif
/// box inside is not applied again), in sRGB, alpha over the background as PNG's is. libjxl 0.7
/// has no scaled decode: the whole picture is decoded, bounded by `maxPixels`, then averaged
/// down to the size wanted.
public enum JPEGXLCodec {
    /// Whether this process can decode JPEG XL: libjxl is installed and the process is not
    /// statically linked (`gallery view`'s launcher is; it hands such files to `gallery-app`).
    public static var isAvailable: Bool {
        var report = gallery_jxl_report()
        return gallery_jxl_available(&report) != 0
    }

    /// Decodes the first frame, reduced by area averaging to the smallest size that covers
    /// `target` (given the upright picture's size) when one is given.
    /// - Throws: `.tooLarge` when the header announces more than `maxPixels` (before any pixel is
    ///   decoded), `.unavailable` where libjxl cannot be used, `.corrupt` with the reason.
    public static func decode(_ data: some EncodedBytes, coveringFor target: (PixelSize) -> PixelSize? = { _ in nil },
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            let size = try dimensions(data)
            guard size.width * size.height <= maxPixels else { throw ImageError.tooLarge(width: size.width, height: size.height) }
            var report = gallery_jxl_report()
            var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
            // The output, and for libjxl's own buffers (a frame in its float planes, 3 x 4 bytes a
            // pixel, and the groups it decodes in) some more: a damaged file asks for far more.
            let budget = size.width * size.height * 32 + (64 << 20)
            let status = rgba.withUnsafeMutableBufferPointer {
                gallery_jxl_decode(data.baseAddress, data.count, $0.baseAddress, Int32(size.width), Int32(size.height), budget, &report)
            }
            guard status == 0 else { throw ImageError.corrupt("JPEG XL: \(report.text)") }
            let image = rgba.withUnsafeBufferPointer { RGBAPixels.composited($0, width: size.width, height: size.height, over: background) }
            let covering = ScaledSize.covering(target(size), source: size)
            guard covering != size else { return image }
            let reduced = image.resized(width: covering.width, height: covering.height)
            return reduced.width > 0 ? reduced : image
        }
    }

    /// The upright picture's width and height, from the header alone.
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        try data.withUnsafeBufferPointer(dimensions)
    }

    private static func dimensions(_ data: UnsafeBufferPointer<UInt8>) throws -> PixelSize {
        guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
        var report = gallery_jxl_report()
        guard gallery_jxl_available(&report) != 0 else { throw ImageError.unavailable(report.text) }
        var width: Int32 = 0, height: Int32 = 0
        guard gallery_jxl_size(base, data.count, &width, &height, &report) == 0 else { throw ImageError.corrupt("JPEG XL: \(report.text)") }
        return PixelSize(width: Int(width), height: Int(height))
    }
}

private extension gallery_jxl_report {
    /// The message, as C left it in the fixed buffer.
    var text: String {
        withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
