/// Finds a file's Exif block by walking its markers or chunks, never reading past the buffer and
/// never decoding a pixel.
enum ExifBlock {
    /// Where a walk ended: the block, none, or a WebP chunk beyond the bytes given (a file's start).
    enum Search {
        case found(Slice<UnsafeBufferPointer<UInt8>>, hasHeader: Bool)
        case absent
        /// The file says it holds Exif past the bytes given: only the whole file can tell.
        case beyond
    }

    /// The "Exif\0\0" that starts a JPEG APP1 Exif payload and that libexif expects first.
    static let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The most bytes handed to libexif: a JPEG segment holds at most 65,533, and a PNG eXIf
    /// chunk larger than that is cut (its tags sit at its start).
    static let maxBytes = 65_535

    /// The Exif bytes of a JPEG (the first APP1 that starts "Exif\0\0", before the first scan),
    /// with that header; of a PNG (its eXIf chunk, which holds the TIFF data alone), without it;
    /// of a WebP (its EXIF chunk: the TIFF data alone, or with the header some writers put first).
    static func locate(in bytes: UnsafeBufferPointer<UInt8>) -> (block: Slice<UnsafeBufferPointer<UInt8>>, hasHeader: Bool)? {
        guard case .found(let block, let hasHeader) = search(bytes) else { return nil }
        return (block, hasHeader)
    }

    static func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Search {
        let found = { (block: Slice<UnsafeBufferPointer<UInt8>>?, hasHeader: Bool) in
            block.map { Search.found($0, hasHeader: hasHeader) } ?? .absent
        }
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return found(inJPEG(bytes), true)
        case .png: return found(inPNG(bytes), false)
        case .webp: return inWebP(bytes)
        // TIFF turns itself by its own tag, HEIF by its irot/imir boxes, a camera RAW by its own
        // orientation, JPEG XL by its codestream's (their Exif on top would turn them twice);
        // GIF and BMP have none.
        case .gif, .tiff, .bmp, .heif, .cameraRaw, .jpegXL, nil: return .absent
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
            let length = bytes[at..<(at + 4)].bigEndianInteger
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

    /// RIFF: "RIFF", a size, "WEBP", then chunks, each a FourCC, a little-endian size and the
    /// payload padded to an even length. Only an extended file (a VP8X chunk first) holds
    /// metadata, and its flags say whether an EXIF chunk is there: after the picture's data, so
    /// the walk hops over chunks by their sizes without reading them.
    private static func inWebP(_ bytes: UnsafeBufferPointer<UInt8>) -> Search {
        guard bytes.count >= 21, bytes[12..<16].elementsEqual("VP8X".utf8) else { return .absent }
        guard bytes[20] & 0x08 != 0 else { return .absent }
        var at = 12
        while at + 8 <= bytes.count {
            let size = bytes[(at + 4)..<(at + 8)].reversed().bigEndianInteger
            guard size <= bytes.count - at - 8 else { return .beyond }
            if bytes[at..<(at + 4)].elementsEqual("EXIF".utf8) {
                let payload = bytes[(at + 8)..<(at + 8 + size)]
                return .found(payload, hasHeader: payload.starts(with: header))
            }
            at += 8 + size + size % 2
        }
        return .beyond
    }
}
