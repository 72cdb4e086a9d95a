#if TESTABLE_IMPORTS
@testable import Imaging
import TerminalVocabulary

/// The input is an Exif block's TIFF data (what follows "Exif\0\0"), read by libexif through
/// `PhotoMetadata` from a small JPEG's APP1 segment, from a PNG's eXIf chunk and from a WebP's
/// EXIF chunk (the same bytes, so the same metadata), and the input itself read as a whole file
/// (the marker and chunk walks).
/// The JPEG is decoded too: its picture must come out in the size its orientation makes upright,
/// and a date taken must print as digits and separators only.
enum ExifFuzzTarget {
    /// 8x4: a size that turning changes.
    static let picture = (try? JPEGCodec.encode(RGBImage(width: 8, height: 4, filledWith: RGB(200, 100, 50)))) ?? []
    /// The signature and a 8x4 IHDR (CRC unchecked: nothing decodes this PNG).
    static let pngStart: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        + Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 4, 8, 2, 0, 0, 0] + [0, 0, 0, 0]

    static func run(_ input: UnsafeRawBufferPointer) throws {
        _ = PhotoMetadata(reading: Array(input))
        _ = PhotoMetadata.exifLiesBeyond(Array(input))
        // An APP1 segment holds at most 65,533 bytes, "Exif\0\0" included.
        let tiff = Array(input.prefix(65_533 - ExifBlock.header.count))
        let jpeg = inJPEG(tiff), png = inPNG(tiff)
        let metadata = PhotoMetadata(reading: jpeg)
        try check(PhotoMetadata(reading: png) == metadata,
                  "exif: the eXIf chunk reads \(PhotoMetadata(reading: png)), the APP1 segment \(metadata)")
        // A WebP's EXIF chunk may start with the header itself, which such an input would seem to.
        if !tiff.starts(with: ExifBlock.header) {
            let webP = inWebP(tiff)
            try check(PhotoMetadata(reading: webP) == metadata && !PhotoMetadata.exifLiesBeyond(webP),
                      "exif: the EXIF chunk reads \(PhotoMetadata(reading: webP)), the APP1 segment \(metadata)")
        }
        if let date = metadata.dateTaken {
            let text = date.description
            try check(text.utf8.count == 19 && text.utf8.allSatisfy { "0123456789-: ".utf8.contains($0) },
                      "exif: a date taken prints as \(text.debugDescription)")
        }
        guard let decoded = try? ImageDecoder.decode(jpeg, fittingIn: PixelSize(width: 8, height: 8)) else {
            throw FuzzFinding("exif: an Exif segment made a good JPEG fail to decode")
        }
        let upright = metadata.orientation.upright(PixelSize(width: 8, height: 4))
        try check(PixelSize(width: decoded.width, height: decoded.height) == upright,
                  "exif: orientation \(metadata.orientation) decoded \(decoded.width)x\(decoded.height)")
    }

    private static func inJPEG(_ tiff: [UInt8]) -> [UInt8] {
        let length = 2 + ExifBlock.header.count + tiff.count
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + ExifBlock.header + tiff
            + picture.dropFirst(2)
    }

    /// An extended WebP holding only its VP8X chunk (8x4, Exif flagged) and the EXIF chunk: no
    /// picture, which the walk never reads.
    private static func inWebP(_ tiff: [UInt8]) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let extended = Array("VP8X".utf8) + le32(10) + [0x08, 0, 0, 0, 7, 0, 0, 3, 0, 0]
        let exif = Array("EXIF".utf8) + le32(tiff.count) + tiff + (tiff.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + le32(4 + extended.count + exif.count) + Array("WEBP".utf8) + extended + exif
    }

    private static func inPNG(_ tiff: [UInt8]) -> [UInt8] {
        let count = UInt32(tiff.count)
        let length = (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - 8 * UInt32($0))) }
        return pngStart + length + Array("eXIf".utf8) + tiff + [0, 0, 0, 0]
            + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }
}
#endif
