import CExif

/// What a photo's Exif says that Gallery uses: how to turn it upright, when it was taken, and the
/// camera, exposure and place the detail pane shows.
/// Read from a JPEG's APP1 Exif segment, a PNG's eXIf chunk or a WebP's EXIF chunk by libexif,
/// without decoding a pixel.
public struct PhotoMetadata: Sendable, Equatable {
    /// How the stored pixels are turned to show the picture upright (`.up` without Exif).
    public var orientation: ImageOrientation
    /// DateTimeOriginal, or DateTime when that is missing; nil without either, or when malformed.
    public var dateTaken: PhotoDate?
    /// The zone `dateTaken` was read in, in minutes east of UTC (OffsetTimeOriginal, or OffsetTime
    /// for DateTime: "+02:00" is 120); nil when the Exif does not say, as most cameras' does not.
    public var dateTakenOffsetMinutes: Int?
    /// Camera, lens, exposure and GPS position; empty without them.
    public var camera: CameraExif

    public init(orientation: ImageOrientation = .up, dateTaken: PhotoDate? = nil, dateTakenOffsetMinutes: Int? = nil,
                camera: CameraExif = CameraExif()) {
        self.orientation = orientation
        self.dateTaken = dateTaken
        self.dateTakenOffsetMinutes = dateTaken == nil ? nil : dateTakenOffsetMinutes
        self.camera = camera
    }

    /// The metadata of an encoded JPEG, PNG or WebP, which may be just the start of the file (a
    /// JPEG's Exif comes before its picture; see `exifLiesBeyond(_:)` for a WebP's). Anything missing,
    /// damaged or of another format reads as the defaults: metadata never stops a picture from
    /// showing.
    public init(reading bytes: some EncodedBytes) {
        self = bytes.withEncodedBytes { bytes in
            guard let found = ExifBlock.locate(in: bytes) else { return PhotoMetadata() }
            let block = found.block.prefix(ExifBlock.maxBytes - (found.hasHeader ? 0 : ExifBlock.header.count))
            var fields = gallery_exif_fields()
            let status: Int32
            if found.hasHeader {
                status = gallery_exif_read(UnsafeBufferPointer(rebasing: block).baseAddress, block.count, &fields)
            } else {
                let withHeader = ExifBlock.header + block
                status = gallery_exif_read(withHeader, withHeader.count, &fields)
            }
            return status == 0 ? PhotoMetadata(fields) : PhotoMetadata()
        }
    }

    /// The metadata of a whole file of any format: a camera RAW's from LibRaw (loaded for it; its
    /// orientation `.up`, since its decode turns it), any other's as `init(reading:)` reads it.
    public init(readingFile bytes: some EncodedBytes) {
        self = bytes.withEncodedBytes { bytes in
            ImageFormat(contentsOf: bytes) == .cameraRaw ? CameraRawCodec.metadata(of: bytes) ?? PhotoMetadata()
                                                         : PhotoMetadata(reading: bytes)
        }
    }

    /// Whether a file whose first bytes are `start` says it holds Exif past them: a WebP's EXIF
    /// chunk follows the picture's data, so a large one's is not in the start that a JPEG's is in.
    /// A camera RAW's is read by LibRaw, which is given the whole file: its directories and maker
    /// notes may point anywhere in it. The caller reads the whole file for it.
    public static func exifLiesBeyond(_ start: some EncodedBytes) -> Bool {
        start.withEncodedBytes { bytes in
            if ImageFormat(contentsOf: bytes) == .cameraRaw { return true }
            if case .beyond = ExifBlock.search(bytes) { return true }
            return false
        }
    }

    private init(_ fields: gallery_exif_fields) {
        orientation = ImageOrientation(rawValue: Int(fields.orientation)) ?? .up
        // Each date with its own zone: DateTime's zone is OffsetTime's, never OffsetTimeOriginal's.
        if let original = PhotoDate(exif: Self.bytes(of: fields.date_time_original)) {
            dateTaken = original
            dateTakenOffsetMinutes = Self.offsetMinutes(Self.bytes(of: fields.offset_time_original))
        } else {
            dateTaken = PhotoDate(exif: Self.bytes(of: fields.date_time))
            dateTakenOffsetMinutes = dateTaken == nil ? nil : Self.offsetMinutes(Self.bytes(of: fields.offset_time))
        }
        let position = GPSPosition(latitude: Self.rationals(fields.latitude), latitudeRef: UInt8(bitPattern: fields.latitude_ref),
                                   longitude: Self.rationals(fields.longitude), longitudeRef: UInt8(bitPattern: fields.longitude_ref))
        camera = CameraExif(
            make: CameraExif.text(Self.bytes(of: fields.make)), model: CameraExif.text(Self.bytes(of: fields.model)),
            lens: CameraExif.text(Self.bytes(of: fields.lens)),
            fNumber: CameraExif.positive(fields.f_number.numerator, fields.f_number.denominator),
            exposureSeconds: CameraExif.positive(fields.exposure_time.numerator, fields.exposure_time.denominator),
            iso: fields.iso == 0 ? nil : Int(fields.iso),
            focalLength: CameraExif.positive(fields.focal_length.numerator, fields.focal_length.denominator),
            position: position)
    }

    /// Exif's "+HH:MM" or "-HH:MM" in minutes east of UTC; nil for anything else (blanks, a
    /// zone past ±14 hours).
    static func offsetMinutes(_ text: [UInt8]) -> Int? {
        guard text.count == 6, text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-"), text[3] == UInt8(ascii: ":"),
              [1, 2, 4, 5].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[$0]) }) else { return nil }
        let digit = { (place: Int) in Int(text[place] - UInt8(ascii: "0")) }
        let (hours, minutes) = (digit(1) * 10 + digit(2), digit(4) * 10 + digit(5))
        guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        return (text[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// A C `char[N]` (a tuple in Swift) up to its first NUL.
    private static func bytes<Text>(of text: Text) -> [UInt8] {
        withUnsafeBytes(of: text) { Array($0.prefix { $0 != 0 }) }
    }

    /// A C `gallery_exif_rational[3]` as numerator-denominator pairs.
    private static func rationals(_ values: (gallery_exif_rational, gallery_exif_rational, gallery_exif_rational)) -> [(UInt32, UInt32)] {
        [values.0, values.1, values.2].map { ($0.numerator, $0.denominator) }
    }
}
