/// Exif blocks made byte by byte (big-endian TIFF), and JPEGs and PNGs carrying them: what the
/// metadata tests read, with any orientation and any date text, malformed ones included.
enum ExifFixtures {
    /// A TIFF structure (no "Exif\0\0"): IFD0 with Orientation and DateTime when given, and an
    /// Exif IFD with DateTimeOriginal when given. Dates are written as the bytes given, NUL added.
    static func tiff(orientation: UInt16? = nil, dateTime: [UInt8]? = nil, dateTimeOriginal: [UInt8]? = nil) -> [UInt8] {
        var ifd0: [(tag: UInt16, type: UInt16, value: [UInt8])] = []
        if let orientation { ifd0.append((0x0112, 3, be16(orientation) + [0, 0])) }
        if let dateTime { ifd0.append((0x0132, 2, dateTime + [0])) }
        let exifIFD: [(tag: UInt16, type: UInt16, value: [UInt8])] = dateTimeOriginal.map { [(0x9003, 2, $0 + [0])] } ?? []
        // Header (8), IFD0 (2 + 12 per entry + 4), then the Exif IFD, then the values too long to inline.
        let ifd0Count = ifd0.count + (exifIFD.isEmpty ? 0 : 1)
        let exifAt = 8 + 2 + 12 * ifd0Count + 4
        var dataAt = exifAt + (exifIFD.isEmpty ? 0 : 2 + 12 * exifIFD.count + 4)
        var data: [UInt8] = []
        func entries(_ list: [(tag: UInt16, type: UInt16, value: [UInt8])]) -> [UInt8] {
            var out: [UInt8] = []
            for entry in list {
                out += be16(entry.tag) + be16(entry.type) + be32(UInt32(entry.type == 2 ? entry.value.count : 1))
                if entry.value.count <= 4 {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    out += be32(UInt32(dataAt))
                    data += entry.value
                    dataAt += entry.value.count
                }
            }
            return out
        }
        var pointer: [(tag: UInt16, type: UInt16, value: [UInt8])] = []
        if !exifIFD.isEmpty { pointer = [(0x8769, 4, be32(UInt32(exifAt)))] }
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + be32(8)
        tiff += be16(UInt16(ifd0Count)) + entries(ifd0 + pointer) + be32(0)
        if !exifIFD.isEmpty { tiff += be16(UInt16(exifIFD.count)) + entries(exifIFD) + be32(0) }
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

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }
}
