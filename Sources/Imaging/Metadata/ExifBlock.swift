/// Finds a file's Exif block by walking its markers or chunks, never reading past the buffer and
/// never decoding a pixel.
enum ExifBlock {
    /// The "Exif\0\0" that starts a JPEG APP1 Exif payload and that libexif expects first.
    static let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The most bytes handed to libexif: a JPEG segment holds at most 65,533, and a PNG eXIf
    /// chunk larger than that is cut (its tags sit at its start).
    static let maxBytes = 65_535

    /// The Exif bytes of a JPEG (the first APP1 that starts "Exif\0\0", before the first scan),
    /// with that header; of a PNG (its eXIf chunk, which holds the TIFF data alone), without it.
    static func locate(in bytes: UnsafeBufferPointer<UInt8>) -> (block: Slice<UnsafeBufferPointer<UInt8>>, hasHeader: Bool)? {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return inJPEG(bytes).map { ($0, true) }
        case .png: return inPNG(bytes).map { ($0, false) }
        // TIFF turns itself by its own tag and HEIF by its irot/imir boxes (their Exif on top
        // would turn them twice); GIF and BMP have none; a WebP's EXIF chunk is not read yet.
        case .webp, .gif, .tiff, .bmp, .heif, nil: return nil
        }
    }

    private static func inJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var at = 2  // after SOI
        while at + 1 < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            at += 2
            switch marker {
            case 0xFF: at -= 1  // fill byte
            case 0x01, 0xD0...0xD8: continue  // no length
            case 0xD9, 0xDA: return nil  // Exif comes before the picture's data
            default:
                guard at + 1 < bytes.count else { return nil }
                let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
                guard length >= 2, length <= bytes.count - at else { return nil }
                let payload = bytes[(at + 2)..<(at + length)]
                if marker == 0xE1, payload.starts(with: header) { return payload }
                at += length
            }
        }
        return nil
    }

    private static func inPNG(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var at = 8  // after the signature
        while at + 8 <= bytes.count {
            let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[(at + 4)..<(at + 8)]
            // A chunk announcing more than follows is cut to what is there.
            let end = at + 8 + min(length, bytes.count - at - 8)
            if type.elementsEqual("eXIf".utf8) { return bytes[(at + 8)..<end] }
            if type.elementsEqual("IEND".utf8) { return nil }
            guard length <= bytes.count - at - 12 else { return nil }
            at += 12 + length
        }
        return nil
    }
}
