public import TerminalVocabulary
import CLibRaw

/// Camera RAW files (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2, PEF, SRW) through LibRaw, loaded when
/// the first one is met (`CLibRaw`): the JPEG preview the camera embedded, decoded at the reduced
/// size wanted, or its bitmap preview; the sensor's data developed (demosaiced at half size) only
/// when the file has no preview large enough. Upright by the RAW's own orientation (LibRaw's
/// `flip`), never by the preview's Exif.
public enum CameraRawCodec {
    /// How far one file may take the process.
    public struct Limits: Sendable {
        /// The most LibRaw allocates for the sensor's data, in megabytes.
        public var maxMemoryMegabytes: Int
        /// The most sensor pixels a file may announce (a 100-megapixel back has about 101 million).
        public var maxRawPixels: Int
        /// How long opening and developing may take; LibRaw stops at its next stage past it.
        public var budget: Duration

        public init(maxMemoryMegabytes: Int = 1024, maxRawPixels: Int = 200_000_000, budget: Duration = .seconds(5)) {
            (self.maxMemoryMegabytes, self.maxRawPixels, self.budget) = (maxMemoryMegabytes, maxRawPixels, budget)
        }
    }

    /// The largest file handed to LibRaw: more than any camera writes (a 100-megapixel 16-bit RAW
    /// is some 200 MB), and `gallery view`'s own cap.
    public static let maxBytes = 256 << 20

    /// Without a size asked, a preview at least this long a side is used rather than developing
    /// the sensor's data (a camera's small 160 x 120 thumbnail is not).
    static let smallestWholePreview = 1024

    /// Whether this process can decode camera RAW files: LibRaw is installed and the process is
    /// not statically linked (`gallery view`'s launcher is; it hands such files to `gallery-app`).
    public static var isAvailable: Bool {
        var report = gallery_raw_report()
        return gallery_raw_available(&report) != 0
    }

    /// Decodes the embedded preview at the smallest size that covers `target` (given the upright
    /// picture's size), turned upright; develops the sensor's data at half size when there is no
    /// preview, or when it does not reach half of `target` (what will be shown: `target` is twice
    /// that) or, without a target, is smaller than `smallestWholePreview`.
    /// - Throws: `.unavailable` where LibRaw cannot be used, `.corrupt` with LibRaw's reason,
    ///   `.tooLarge` for a picture over `maxPixels`.
    public static func decode(_ data: some EncodedBytes, coveringFor target: (PixelSize) -> PixelSize? = { _ in nil },
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, limits: Limits = Limits()) throws -> RGBImage {
        try data.withEncodedBytes { data in
            try withOpenFile(data, limits: limits) { raw, fields in
                let orientation = fields.orientation
                let developed = PixelSize(width: Int(fields.width), height: Int(fields.height))
                let wanted = target(orientation.upright(developed)).map(orientation.upright)
                if let preview = try? preview(of: raw, covering: wanted, maxPixels: maxPixels) {
                    return preview.oriented(orientation)
                }
                return try develop(raw, maxPixels: maxPixels).oriented(orientation)
            }
        }
    }

    /// The upright size of the developed picture, read without unpacking any pixel.
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        try data.withUnsafeBufferPointer { data in
            try withOpenFile(data, limits: Limits()) { _, fields in
                fields.orientation.upright(PixelSize(width: Int(fields.width), height: Int(fields.height)))
            }
        }
    }

    /// What the file says of the camera, the exposure and the date taken, as Exif text is kept
    /// (`CameraExif.text`); nil when LibRaw cannot read it. Its orientation is `.up`: the decode
    /// turns the picture itself.
    static func metadata(of data: UnsafeBufferPointer<UInt8>) -> PhotoMetadata? {
        try? withOpenFile(data, limits: Limits()) { _, fields in
            func text<Text>(_ field: Text) -> String? {
                withUnsafeBytes(of: field) { CameraExif.text($0.prefix { $0 != 0 }) }
            }
            func positive(_ value: Float) -> Double? { value.isFinite && value > 0 ? Double(value) : nil }
            let camera = CameraExif(make: text(fields.make), model: text(fields.model), lens: text(fields.lens),
                                    fNumber: positive(fields.aperture), exposureSeconds: positive(fields.shutter),
                                    iso: positive(fields.iso).flatMap { $0 < 10_000_000 ? Int($0.rounded()) : nil },
                                    focalLength: positive(fields.focal_length), position: fields.position)
            let date = PhotoDate(year: Int(fields.year), month: Int(fields.month), day: Int(fields.day),
                                 hour: Int(fields.hour), minute: Int(fields.minute), second: Int(fields.second))
            return PhotoMetadata(orientation: .up, dateTaken: date, camera: camera)
        }
    }

    /// Calls `body` with the open file and what it says of itself.
    private static func withOpenFile<Result>(_ data: UnsafeBufferPointer<UInt8>, limits: Limits,
                                             _ body: (OpaquePointer, gallery_raw_fields) throws -> Result) throws -> Result {
        guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
        guard data.count <= maxBytes else { throw ImageError.corrupt("RAW: a file of \(data.count >> 20) MB") }
        var report = gallery_raw_report()
        guard gallery_raw_available(&report) != 0 else { throw ImageError.unavailable(report.text) }
        let cLimits = gallery_raw_limits(max_memory_mb: UInt32(clamping: limits.maxMemoryMegabytes),
                                         max_raw_pixels: limits.maxRawPixels,
                                         budget_ms: Int(limits.budget.components.seconds * 1000
                                                        + limits.budget.components.attoseconds / 1_000_000_000_000_000))
        guard let raw = gallery_raw_open(base, data.count, cLimits, &report) else { throw ImageError.corrupt("RAW: \(report.text)") }
        defer { gallery_raw_close(raw) }
        var fields = gallery_raw_fields()
        gallery_raw_read_fields(raw, &fields)
        guard fields.width > 0, fields.height > 0 else { throw ImageError.corrupt("RAW image of no size") }
        return try body(raw, fields)
    }

    /// The embedded preview as stored, when it is large enough for `covering` (see `decode`).
    private static func preview(of raw: OpaquePointer, covering wanted: PixelSize?, maxPixels: Int) throws -> RGBImage {
        var preview = gallery_raw_preview(), report = gallery_raw_report()
        guard gallery_raw_read_preview(raw, &preview, &report) == 0, let bytes = preview.bytes else {
            throw ImageError.corrupt("RAW preview: \(report.text)")
        }
        let image: RGBImage
        switch preview.kind {
        case 1:
            // The camera's JPEG, its own Exif orientation ignored: the RAW's is the one that counts.
            let jpeg = UnsafeBufferPointer(start: bytes, count: preview.length)
            image = try JPEGCodec.decode(jpeg, coveringFor: { _ in wanted }, maxPixels: maxPixels)
        case 2:
            let (width, height) = (Int(preview.width), Int(preview.height))
            guard width > 0, height > 0, width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
            image = RGBImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: bytes, count: width * height * 3)))
        default:
            throw ImageError.corrupt("RAW preview of kind \(preview.kind)")
        }
        // A JPEG is decoded reduced only as far as it still covers `wanted`: smaller, it is whole.
        let enough = wanted.map { image.width * 2 >= $0.width && image.height * 2 >= $0.height }
            ?? (max(image.width, image.height) >= smallestWholePreview)
        guard enough, !image.isTruncated else { throw ImageError.corrupt("RAW preview too small or damaged") }
        return image
    }

    /// The sensor's data demosaiced at half size, as stored.
    private static func develop(_ raw: OpaquePointer, maxPixels: Int) throws -> RGBImage {
        var report = gallery_raw_report()
        var pixels: UnsafePointer<UInt8>?, width: Int32 = 0, height: Int32 = 0
        guard gallery_raw_develop(raw, &pixels, &width, &height, &report) == 0, let pixels else {
            throw ImageError.corrupt("RAW: \(report.text)")
        }
        let size = (width: Int(width), height: Int(height))
        guard size.width > 0, size.height > 0, size.width * size.height <= maxPixels else {
            throw ImageError.tooLarge(width: size.width, height: size.height)
        }
        return RGBImage(width: size.width, height: size.height,
                        pixels: Array(UnsafeBufferPointer(start: pixels, count: size.width * size.height * 3)))
    }
}

private extension gallery_raw_fields {
    /// The GPS position, when the file gives one that makes sense (minutes and seconds under 60).
    var position: GPSPosition? {
        func degrees(_ parts: (Float, Float, Float), _ ref: CChar, negative: UInt8) -> Double? {
            let (d, m, s) = (Double(parts.0), Double(parts.1), Double(parts.2))
            guard d.isFinite, m >= 0, m < 60, s >= 0, s < 60 else { return nil }
            return (d + m / 60 + s / 3600) * (UInt8(bitPattern: ref) == negative ? -1 : 1)
        }
        guard has_position != 0, let latitude = degrees(self.latitude, latitude_ref, negative: UInt8(ascii: "S")),
              let longitude = degrees(self.longitude, longitude_ref, negative: UInt8(ascii: "W")) else { return nil }
        return GPSPosition(latitude: latitude, longitude: longitude)
    }

    /// LibRaw's `flip` as the Exif orientation it stands for (dcraw's "12435867").
    var orientation: ImageOrientation {
        switch flip {
        case 1: .mirrored
        case 2: .upsideDownMirrored
        case 3: .upsideDown
        case 4: .transposed
        case 5: .rotatedLeft
        case 6: .rotatedRight
        case 7: .transverse
        default: .up
        }
    }
}

private extension gallery_raw_report {
    /// The message, as C left it in the fixed buffer.
    var text: String {
        withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
