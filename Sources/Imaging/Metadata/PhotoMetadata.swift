import CExif

/// What a photo's Exif says that Gallery uses: how to turn it upright and when it was taken.
/// Read from a JPEG's APP1 Exif segment or a PNG's eXIf chunk by libexif, without decoding a pixel.
public struct PhotoMetadata: Sendable, Equatable {
    /// How the stored pixels are turned to show the picture upright (`.up` without Exif).
    public var orientation: ImageOrientation
    /// DateTimeOriginal, or DateTime when that is missing; nil without either, or when malformed.
    public var dateTaken: PhotoDate?

    public init(orientation: ImageOrientation = .up, dateTaken: PhotoDate? = nil) {
        self.orientation = orientation
        self.dateTaken = dateTaken
    }

    /// The metadata of an encoded JPEG or PNG, which may be just the start of the file (a JPEG's
    /// Exif comes before its picture). Anything missing, damaged or of another format reads as
    /// the defaults: metadata never stops a picture from showing.
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

    private init(_ fields: gallery_exif_fields) {
        orientation = ImageOrientation(rawValue: Int(fields.orientation)) ?? .up
        dateTaken = Self.date(fields.date_time_original) ?? Self.date(fields.date_time)
    }

    /// A C `char[20]` as a date.
    private static func date(_ text: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                                      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)) -> PhotoDate? {
        withUnsafeBytes(of: text) { PhotoDate(exif: $0.prefix { $0 != 0 }) }
    }
}
