import TerminalVocabulary

/// Exif blocks made byte by byte (big-endian TIFF), and JPEGs and PNGs carrying them: what the
/// metadata tests read, with any orientation and any date text, malformed ones included.
enum ExifFixtures {
    /// One IFD entry: its tag, type (2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL), count and value bytes.
    struct Entry {
        let tag: UInt16, type: UInt16, count: UInt32, value: [UInt8]

        /// The bytes given, NUL added.
        static func ascii(_ tag: UInt16, _ text: [UInt8]) -> Entry { Entry(tag: tag, type: 2, count: UInt32(text.count + 1), value: text + [0]) }
        static func short(_ tag: UInt16, _ value: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: be16(value) + [0, 0]) }
        static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
            Entry(tag: tag, type: 5, count: UInt32(values.count), value: values.flatMap { be32($0.0) + be32($0.1) })
        }
    }

    /// A TIFF structure (no "Exif\0\0"): IFD0 with Orientation and DateTime when given, and an
    /// Exif IFD with DateTimeOriginal when given. Dates are written as the bytes given, NUL added.
    static func tiff(orientation: UInt16? = nil, dateTime: [UInt8]? = nil, dateTimeOriginal: [UInt8]? = nil) -> [UInt8] {
        tiff(ifd0: (orientation.map { [.short(0x0112, $0)] } ?? []) + (dateTime.map { [.ascii(0x0132, $0)] } ?? []),
             exif: dateTimeOriginal.map { [.ascii(0x9003, $0)] } ?? [])
    }

    /// A TIFF structure (no "Exif\0\0") with these entries in IFD0, the Exif IFD and the GPS IFD
    /// (each sorted by tag, the IFDs left out when empty), values too long to inline after them.
    static func tiff(ifd0: [Entry], exif: [Entry] = [], gps: [Entry] = []) -> [UInt8] {
        func size(_ entries: [Entry]) -> Int { entries.isEmpty ? 0 : 2 + 12 * entries.count + 4 }
        let pointerCount = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let exifAt = 8 + 2 + 12 * (ifd0.count + pointerCount) + 4
        let gpsAt = exifAt + size(exif)
        var pointers: [Entry] = []
        if !exif.isEmpty { pointers.append(Entry(tag: 0x8769, type: 4, count: 1, value: be32(UInt32(exifAt)))) }
        if !gps.isEmpty { pointers.append(Entry(tag: 0x8825, type: 4, count: 1, value: be32(UInt32(gpsAt)))) }
        var dataAt = gpsAt + size(gps)
        var data: [UInt8] = []
        func ifd(_ list: [Entry]) -> [UInt8] {
            var out = be16(UInt16(list.count))
            for entry in list.sorted(by: { $0.tag < $1.tag }) {
                out += be16(entry.tag) + be16(entry.type) + be32(entry.count)
                if entry.value.count <= 4 {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    out += be32(UInt32(dataAt))
                    data += entry.value
                    dataAt += entry.value.count
                }
            }
            return out + be32(0)
        }
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + be32(8) + ifd(ifd0 + pointers)
        if !exif.isEmpty { tiff += ifd(exif) }
        if !gps.isEmpty { tiff += ifd(gps) }
        return tiff + data
    }

    /// `jpeg` with an APP1 Exif segment holding `tiff` right after its SOI.
    static func jpeg(_ jpeg: [UInt8], withExif tiff: [UInt8]) -> [UInt8] {
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        return Array(jpeg[0..<2]) + [0xFF, 0xE1] + be16(UInt16(payload.count + 2)) + payload + Array(jpeg[2...])
    }

    /// `png` with an eXIf chunk holding `tiff` right after IHDR.
    static func png(_ png: [UInt8], withExif tiff: [UInt8]) -> [UInt8] {
        let type = Array("eXIf".utf8)
        let chunk = be32(UInt32(tiff.count)) + type + tiff + be32(TestImages.crc32((type + tiff)[...]))
        return Array(png[0..<33]) + chunk + Array(png[33...])
    }

    /// A simple (VP8 or VP8L) WebP made extended: a VP8X chunk that says it has Exif, its picture's
    /// chunk, an unknown chunk of `padding` bytes when asked, then an EXIF chunk holding `exif`
    /// (where cwebp puts it: after the picture).
    static func webP(_ simple: [UInt8], canvas: PixelSize, withExif exif: [UInt8], padding: Int = 0) -> [UInt8] {
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let extended = chunk("VP8X", [0x08, 0, 0, 0] + le(canvas.width - 1, 3) + le(canvas.height - 1, 3))
        let body = Array("WEBP".utf8) + extended + simple[12...]
            + (padding > 0 ? chunk("JUNK", [UInt8](repeating: 0, count: padding)) : []) + chunk("EXIF", exif)
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }
}
