public import TerminalVocabulary
import CJPEG
import JPEGDCDecoder
import CTurboJPEG

/// JPEG decode with libjpeg (libjpeg-turbo's) and encode with its TurboJPEG API.
public enum JPEGCodec {
    /// Default pixel cap: refuse anything above ~100 megapixels before allocating for it.
    public static let defaultMaxPixels = 100_000_000

    /// Reads width and height from the header without decoding.
    public static func dimensions(of data: some EncodedBytes) throws -> PixelSize {
        try data.withEncodedBytes { try Decoder().readHeader($0) }
    }

    /// Decodes a JPEG. When `target` is given, uses libjpeg-turbo's DCT scaling (1/8…1/1) to decode
    /// at the smallest scale whose result still covers the target, which is several times faster
    /// than a full decode for thumbnails.
    ///
    /// `maxPixels` caps the size the header *announces* (not the scaled output), checked before
    /// any pixel memory is allocated: a scaled decode still has to read every coefficient, so a
    /// tiny file that claims a huge picture is refused instead of decoded slowly.
    ///
    /// When the picture's size is not a multiple of the scale's block (2667 rows at 1/8 = 333.375),
    /// libjpeg-turbo's last row or column stands for a fraction of a pixel. Counted as a full pixel
    /// it would stretch the picture, dropped it would shrink it, each a clear loss against an exact
    /// downscale of a detailed photo at thumbnail size (BENCHMARKS.md); so the image keeps it and
    /// says how much of it is picture (`lastColumnEighths`, `lastRowEighths`), which the resize
    /// that makes the thumbnail counts exactly, in the same pass (no resampling here).
    ///
    /// Truncated data keeps what decoded, the rest grey as libjpeg-turbo pads it, and the image
    /// says so (`isTruncated`): a local file is shown as far as it goes, a download fetched again
    /// (`ThumbnailPipeline`). Other recoverable damage keeps the decoded pixels too.
    public static func decode(_ data: some EncodedBytes, covering target: PixelSize? = nil,
                              maxPixels: Int = defaultMaxPixels) throws -> RGBImage {
        try decode(data, coveringFor: { _ in target }, maxPixels: maxPixels, parallel: false)
    }

    /// `decode(_:covering:maxPixels:)` with the size to cover worked out from the picture's own
    /// size (`target` gets it from the header, which is read once).
    /// - Parameter parallel: let a large picture decoded at 1/8 be read on two threads. That pays
    ///   for one picture at a time on an otherwise idle machine (`gallery view`); where renders
    ///   already run one per core (the app), the second thread only costs CPU (BENCHMARKS.md).
    public static func decode(_ data: some EncodedBytes, coveringFor target: (PixelSize) -> PixelSize?,
                              maxPixels: Int = defaultMaxPixels, parallel: Bool = false) throws -> RGBImage {
        try data.withEncodedBytes { try decode($0, coveringFor: target, maxPixels: maxPixels, parallel: parallel) }
    }

    private static func decode(_ data: UnsafeBufferPointer<UInt8>,
                               coveringFor target: (PixelSize) -> PixelSize?,
                               maxPixels: Int, parallel: Bool) throws -> RGBImage {
        let decoder = Decoder()
        let size = try decoder.readHeader(data)
        let (width, height) = (size.width, size.height)
        guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
        let num = scaleNumerator(width: width, height: height, covering: target(size))
        // At 1/8 a baseline file is decoded from its DC coefficients alone, to the same pixels.
        var decoded = try (num == 1 ? JPEGEighthDecoder.decode(data, parallel: parallel).map(RGBImage.init) : nil)
            ?? decoder.decompress(data, width: width, height: height, numerator: num)
        let eighthsWide = width * num % 8, eighthsHigh = height * num % 8
        decoded.lastColumnEighths = eighthsWide == 0 ? 8 : eighthsWide
        decoded.lastRowEighths = eighthsHigh == 0 ? 8 : eighthsHigh
        return decoded
    }

    /// Decodes only `region` of the picture as stored (rows and columns of the full-size picture),
    /// at the smallest DCT scale num/8 at which the region still covers `target`, or at full size
    /// when none does: the detail pane's zoom decodes what it shows, not the photo. The rows above
    /// the region are skipped without their IDCT, the rows below never read, the columns beside it
    /// cropped by libjpeg-turbo to whole iMCUs. `maxPixels` caps the size the header announces, as
    /// in `decode`.
    /// - Returns: the pixels, and the rectangle of the full-size picture they cover: `region`
    ///   widened to whole pixels of the scale.
    public static func decode(_ data: some EncodedBytes, region: PixelRect, covering target: PixelSize,
                              maxPixels: Int = defaultMaxPixels) throws -> (image: RGBImage, covers: PixelRect) {
        try data.withEncodedBytes { data in
            let decoder = Decoder()
            let size = try decoder.readHeader(data)
            guard size.width * size.height <= maxPixels else { throw ImageError.tooLarge(width: size.width, height: size.height) }
            guard region.width > 0, region.height > 0, PixelRect(x: 0, y: 0, width: size.width, height: size.height).contains(region) else {
                throw ImageError.corrupt("region \(region.width)x\(region.height) at \(region.x),\(region.y) outside the picture")
            }
            // Whole pixels of the region at the scale, as `scaleNumerator` counts the picture's.
            let num = [1, 2, 4].first { region.width * $0 / 8 >= target.width && region.height * $0 / 8 >= target.height } ?? 8
            let scaled = PixelSize(width: (size.width * num + 7) / 8, height: (size.height * num + 7) / 8)
            let left = region.x * num / 8, top = region.y * num / 8
            let right = min(scaled.width, ((region.x + region.width) * num + 7) / 8)
            let bottom = min(scaled.height, ((region.y + region.height) * num + 7) / 8)
            let part = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            let image = try decoder.decompress(data, numerator: num, scaled: scaled, region: part)
            let step = 8 / num
            let covers = PixelRect(x: left * step, y: top * step, width: min(size.width, right * step) - left * step,
                                   height: min(size.height, bottom * step) - top * step)
            return (image, covers)
        }
    }

    /// libjpeg-turbo's own decode at scale `numerator`/8, without `decode`'s eighth-scale fast path
    /// or its partial-pixel fractions: what tests hold those to.
    static func libjpegTurboDecode(_ data: [UInt8], numerator: Int) throws -> RGBImage {
        try data.withUnsafeBufferPointer { data in
            let decoder = Decoder()
            let size = try decoder.readHeader(data)
        let (width, height) = (size.width, size.height)
            return try decoder.decompress(data, width: width, height: height, numerator: numerator)
        }
    }

    /// Encodes RGB pixels as a baseline JPEG with 4:2:0 chroma subsampling.
    public static func encode(_ image: RGBImage, quality: Int = 85) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard let handle = tjInitCompress() else { throw ImageError.corrupt("cannot create encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGB.rawValue), &out, &size, Int32(TJSAMP_420.rawValue),
                        Int32(max(1, min(100, quality))), TJFLAG_FASTDCT)
        }
        defer { if let out { tjFree(out) } }
        guard rc == 0, let out else { throw ImageError.corrupt(lastError(handle)) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The output size of the smallest DCT scale factor that covers `target` (both sides ≥ target),
    /// counting whole scaled pixels only (see `decode`).
    static func scaledSize(width: Int, height: Int, covering target: PixelSize?) -> PixelSize {
        wholeSize(width: width, height: height, numerator: scaleNumerator(width: width, height: height, covering: target))
    }

    /// `num` of the smallest factor num/8 whose whole scaled pixels cover `target`; 8 (no
    /// scaling) without a target.
    ///
    /// Only 1/8, 2/8, 4/8 and 8/8: libjpeg-turbo has SIMD IDCTs for those, while 3/8, 5/8, 6/8 and
    /// 7/8 run in plain C. On the 1080 px photos decoding at 4/8 and area-averaging the extra
    /// pixels is faster than decoding at 3/8 (BENCHMARKS.md) and never worse to look at, since
    /// area averaging more pixels only gets closer to an exact downscale.
    private static func scaleNumerator(width: Int, height: Int, covering target: PixelSize?) -> Int {
        guard let target, target.width > 0, target.height > 0 else { return 8 }
        for num in [1, 2, 4, 8] {
            let size = wholeSize(width: width, height: height, numerator: num)
            if size.width >= target.width && size.height >= target.height { return num }
        }
        return 8
    }

    /// The size at scale num/8 in whole pixels (a partial last row or column left out), at least 1x1.
    private static func wholeSize(width: Int, height: Int, numerator num: Int) -> PixelSize {
        PixelSize(width: max(1, width * num / 8), height: max(1, height * num / 8))
    }

    private static func lastError(_ handle: tjhandle) -> String {
        guard let msg = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: msg)
    }
}

/// libjpeg's decompressor (through `CJPEG`, which catches its errors).
private struct Decoder {
    /// Width and height from the header; nothing else is read or allocated. Warnings (extraneous
    /// bytes, an unknown JFIF revision) are not errors.
    func readHeader(_ data: UnsafeBufferPointer<UInt8>) throws -> PixelSize {
        guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
        var width: Int32 = 0, height: Int32 = 0
        var report = gallery_jpeg_report()
        guard gallery_jpeg_read_size(base, data.count, &width, &height, &report) == 0 else {
            throw ImageError.corrupt(report.text)
        }
        guard width > 0, height > 0 else { throw ImageError.corrupt("no image size in header") }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// The `width` x `height` picture at scale `numerator`/8, as many pixels as libjpeg makes
    /// of it (a partial last row or column counts as a whole one), after `readHeader` accepted it.
    func decompress(_ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int, numerator: Int) throws -> RGBImage {
        let scaledW = (width * numerator + 7) / 8, scaledH = (height * numerator + 7) / 8
        let (pixels, truncated, warning) = try decompress(data, numerator: numerator, width: scaledW, height: scaledH)
        var image = RGBImage(width: scaledW, height: scaledH, pixels: pixels)
        image.isTruncated = truncated
        image.decoderWarning = warning
        return image
    }

    /// `region` of the picture decoded at `numerator`/8, whose whole picture is `scaled`.
    func decompress(_ data: UnsafeBufferPointer<UInt8>, numerator: Int, scaled: PixelSize, region: PixelRect) throws -> RGBImage {
        guard let base = data.baseAddress else { throw ImageError.empty }
        var report = gallery_jpeg_report()
        var status: Int32 = 0
        let part = gallery_jpeg_region(x: Int32(region.x), y: Int32(region.y), width: Int32(region.width), height: Int32(region.height))
        let pixels = [UInt8](unsafeUninitializedCapacity: region.width * region.height * 3) { rgb, initialized in
            status = gallery_jpeg_decode_region(base, data.count, Int32(numerator), Int32(scaled.width), Int32(scaled.height),
                                                part, rgb.baseAddress, &report)
            initialized = rgb.count
        }
        guard status == 0 else { throw ImageError.corrupt(report.text) }
        var image = RGBImage(width: region.width, height: region.height, pixels: pixels)
        image.isTruncated = report.ran_out_of_data != 0
        image.decoderWarning = report.warnings == 0 ? nil : report.text
        return image
    }

    /// The pixels, and whether libjpeg ran out of data ("Premature end of JPEG file", or "premature
    /// end of data segment" where a marker stands inside a scan): it pads the picture with grey
    /// and goes on, as other viewers show it. Other recoverable damage keeps the decoded pixels too.
    private func decompress(_ data: UnsafeBufferPointer<UInt8>, numerator: Int, width: Int,
                            height: Int) throws -> (pixels: [UInt8], truncated: Bool, warning: String?) {
        guard let base = data.baseAddress else { throw ImageError.empty }
        var report = gallery_jpeg_report()
        var status: Int32 = 0
        // Not zero-filled first (a reduced decode is still large): libjpeg writes every row
        // unless it fails, and then the pixels are thrown away below.
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { rgb, initialized in
            status = gallery_jpeg_decode(base, data.count, Int32(numerator), rgb.baseAddress,
                                         Int32(width), Int32(height), &report)
            initialized = rgb.count
        }
        guard status == 0 else { throw ImageError.corrupt(report.text) }
        let warning = report.warnings == 0 ? nil
            : report.warnings == 1 ? report.text : "\(report.text) (and \(report.warnings - 1) more warnings)"
        return (pixels, report.ran_out_of_data != 0, warning)
    }
}

private extension gallery_jpeg_report {
    /// libjpeg's message, as C left it in the fixed buffer.
    var text: String {
        withUnsafeBytes(of: message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension RGBImage {
    /// The DC decoder's picture.
    init(_ decoded: JPEGEighthDecoder.Pixels) {
        self.init(width: decoded.width, height: decoded.height, pixels: decoded.rgb)
    }
}
