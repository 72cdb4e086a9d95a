public import TerminalVocabulary
import CHEIF

/// HEIF (HEIC) and AVIF decode with libheif, loaded when the first such file is met (`CHEIF`):
/// the primary image, or its smallest embedded thumbnail that covers the size wanted; upright
/// by the file's own rotations and mirrors, which libheif applies (HEIF's orientation; an Exif
/// tag inside is not applied again); alpha over black.
public enum HEIFCodec {
    /// Whether this process can decode HEIF and AVIF: libheif is installed and the process is not
    /// statically linked (`gallery view`'s launcher is; it hands such files to `gallery-app`).
    public static var isAvailable: Bool {
        var report = gallery_heif_report()
        return gallery_heif_available(&report) != 0
    }

    /// Decodes the primary image, or the smallest thumbnail that covers `target` (given the
    /// primary's size), when there is one.
    /// - Throws: `.tooLarge` when the primary image is over `maxPixels` (before anything is
    ///   decoded), `.unavailable` when libheif cannot be used here, `.corrupt` with libheif's
    ///   reason for damage.
    public static func decode(_ data: some EncodedBytes,
                              coveringFor target: (PixelSize) -> PixelSize? = { _ in nil },
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            try withOpenFile(data, maxPixels: maxPixels) { file, width, height in
                guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
                return try decode(file, covering: target(PixelSize(width: width, height: height)), maxPixels: maxPixels,
                                  background: background)
            }
        }
    }

    /// Width and height of the primary image as shown (libheif's rotations applied).
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        try data.withUnsafeBufferPointer { data in
            try withOpenFile(data, maxPixels: JPEGCodec.defaultMaxPixels) { _, width, height in PixelSize(width: width, height: height) }
        }
    }

    /// Calls `body` with the open file and its primary image's width and height.
    private static func withOpenFile<Result>(_ data: UnsafeBufferPointer<UInt8>, maxPixels: Int,
                                             _ body: (OpaquePointer, Int, Int) throws -> Result) throws -> Result {
        guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
        if let refusal = HEIFDerivations.refusal(in: data) { throw ImageError.corrupt("HEIF: \(refusal)") }
        var report = gallery_heif_report()
        guard gallery_heif_available(&report) != 0 else { throw ImageError.unavailable(report.text) }
        // libheif bounds each side, not the area: the longest side of a picture no more elongated
        // than 16:1 at `maxPixels` (libheif allocates a square of it for a damaged overlay).
        let maxSide = 4 * Int(Double(max(1, maxPixels)).squareRoot())
        guard let file = gallery_heif_open(base, data.count, Int32(clamping: maxSide), &report) else {
            throw ImageError.corrupt("HEIF: \(report.text)")
        }
        defer { gallery_heif_close(file) }
        var width: Int32 = 0, height: Int32 = 0
        gallery_heif_size(file, &width, &height)
        guard width > 0, height > 0 else { throw ImageError.corrupt("HEIF image of no size") }
        return try body(file, Int(width), Int(height))
    }

    /// The smallest thumbnail covering `wanted`, or the primary image, decoded.
    private static func decode(_ file: OpaquePointer, covering wanted: PixelSize?, maxPixels: Int,
                               background: RGB) throws -> RGBImage {
        // No thumbnail covers Int32.max a side: without a size wanted, the primary image.
        let least = wanted.map { (Int32(clamping: $0.width), Int32(clamping: $0.height)) } ?? (.max, .max)
        var width: Int32 = 0, height: Int32 = 0
        gallery_heif_choose(file, least.0, least.1, &width, &height)
        let size = (width: Int(width), height: Int(height))
        guard size.width > 0, size.height > 0, size.width * size.height <= maxPixels else {
            throw ImageError.corrupt("HEIF thumbnail of \(size.width)x\(size.height)")
        }
        // libheif cannot scale while decoding nor decode part of a grid (not in 1.15): a picture
        // with no thumbnail that covers what is wanted is decoded whole, into libheif's RGBA
        // and then ours, or refused (a 60 KB grid of 85 Mpx took 955 MB and 7.5 s).
        if let refusal = DecodeBudget.refusal(of: "HEIF image of \(size.width)x\(size.height)",
                                              needing: size.width * size.height * 8) { throw refusal }
        var report = gallery_heif_report()
        var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = rgba.withUnsafeMutableBufferPointer { gallery_heif_decode(file, $0.baseAddress, width, height, &report) }
        guard status == 0 else { throw ImageError.corrupt("HEIF: \(report.text)") }
        return rgba.withUnsafeBufferPointer { RGBAPixels.composited($0, width: size.width, height: size.height, over: background) }
    }
}

private extension gallery_heif_report {
    /// The message, as C left it in the fixed buffer, on one line (libheif's have several).
    var text: String {
        withUnsafeBytes(of: message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.split(whereSeparator: \.isNewline).joined(separator: ": ")
    }
}
