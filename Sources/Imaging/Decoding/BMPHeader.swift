/// What a BMP's file and info headers say, checked: the size, how pixels are stored, the palette
/// and the bit fields.
struct BMPHeader {
    enum Compression: Equatable {
        case none
        case bitFields
        /// RLE4 or RLE8: runs of palette indices of that many bits.
        case rle(bits: Int)
    }

    /// Where a colour component lies in a 16- or 32-bit pixel, and how to widen it to 8 bits.
    struct BitField {
        let mask: Int, shift: Int, bits: Int

        init(mask: Int) {
            self.mask = mask
            shift = mask == 0 ? 0 : mask.trailingZeroBitCount
            bits = (mask >> shift).bitWidth - (mask >> shift).leadingZeroBitCount
        }

        /// The component as 8 bits: a narrower one with its bits repeated below it (5 bits
        /// `abcde` are `abcdeabc`), so that all ones is 255, as libpng and ImageMagick widen.
        func value(in pixel: Int) -> Int {
            guard bits > 0 else { return 0 }
            let component = (pixel & mask) >> shift
            guard bits < 8 else { return component >> (bits - 8) }
            var value = component << (8 - bits), filled = bits
            while filled < 8 {
                value |= value >> filled
                filled *= 2
            }
            return value & 0xFF
        }
    }

    let width: Int, height: Int, topDown: Bool
    let bitsPerPixel: Int
    let compression: Compression
    /// Where the pixel data starts, from the file's start.
    let pixelOffset: Int
    let palette: [RGB]
    /// Red, green, blue and alpha of 16- and 32-bit pixels (alpha's mask 0 when there is none).
    let fields: [BitField]

    /// OS/2's core header (12 bytes), or one of 16 to 124: OS/2 2's may stop after any field from
    /// the 16th byte on (what it leaves out is 0), Windows' are 40, 52, 56, 108 or 124, and
    /// ImageMagick and Pillow read any other as far as Windows' fields go.
    private static func isKnown(headerSize: Int) -> Bool {
        headerSize == 12 || (16...124).contains(headerSize)
    }

    init(_ bytes: BMPBytes) throws {
        guard try bytes.byte(0) == 0x42, try bytes.byte(1) == 0x4D else { throw ImageError.corrupt("not a BMP") }
        pixelOffset = try bytes.unsigned(10, 4)
        let headerSize = try bytes.unsigned(14, 4)
        guard Self.isKnown(headerSize: headerSize) else { throw ImageError.corrupt("unknown BMP header of \(headerSize) bytes") }
        let core = headerSize == 12
        let storedHeight: Int
        if core {
            (width, storedHeight) = (try bytes.unsigned(18, 2), try bytes.unsigned(20, 2))
            bitsPerPixel = try bytes.unsigned(24, 2)
        } else {
            (width, storedHeight) = (try bytes.signed32(18), try bytes.signed32(22))
            bitsPerPixel = try bytes.unsigned(28, 2)
        }
        guard width > 0, storedHeight != 0, storedHeight != Int(Int32.min) else {
            throw ImageError.corrupt("BMP of no size (\(width)x\(storedHeight))")
        }
        height = abs(storedHeight)
        topDown = storedHeight < 0
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else { throw ImageError.corrupt("BMP of \(bitsPerPixel) bits a pixel") }
        // A field the header stops before is 0: an OS/2 2 header of 16 bytes is uncompressed.
        let method = headerSize < 20 ? 0 : try bytes.unsigned(30, 4)
        // OS/2 2's compression 3 is Huffman coding, not bit fields: with a header too short to be
        // Windows', refused as unsupported.
        guard headerSize >= 40 || method != 3 else {
            throw ImageError.corrupt("BMP compression \(method) with an OS/2 header of \(headerSize) bytes is not supported")
        }
        compression = try Self.compression(method, bitsPerPixel: bitsPerPixel)
        fields = try Self.fields(bytes, headerSize: headerSize, method: method, bitsPerPixel: bitsPerPixel)
        palette = try Self.palette(bytes, headerSize: headerSize, method: method, bitsPerPixel: bitsPerPixel, end: pixelOffset)
    }

    private static func compression(_ method: Int, bitsPerPixel: Int) throws -> Compression {
        switch (method, bitsPerPixel) {
        case (0, _): return .none
        case (1, 8): return .rle(bits: 8)
        case (2, 4): return .rle(bits: 4)
        case (3, 16), (3, 32), (6, 16), (6, 32): return .bitFields
        default: throw ImageError.corrupt("BMP compression \(method) with \(bitsPerPixel) bits a pixel is not supported")
        }
    }

    /// The masks: after a 40-byte header (bit fields compression), or inside a longer one.
    private static func fields(_ bytes: BMPBytes, headerSize: Int, method: Int, bitsPerPixel: Int) throws -> [BitField] {
        guard method == 3 || method == 6 else {
            let masks = bitsPerPixel == 16 ? [0x7C00, 0x03E0, 0x001F, 0] : [0xFF0000, 0x00FF00, 0x0000FF, 0]
            return masks.map(BitField.init)
        }
        let count = method == 6 || headerSize >= 56 ? 4 : 3
        let masks = try (0..<count).map { try bytes.unsigned(54 + 4 * $0, 4) } + (count == 3 ? [0] : [])
        return masks.map(BitField.init)
    }

    /// The palette of 1 to 8-bit pictures (3-byte entries after a core header, else 4): as many
    /// entries as the header says, at most 256, and only those the file holds before `end`, where
    /// the pixels start.
    private static func palette(_ bytes: BMPBytes, headerSize: Int, method: Int, bitsPerPixel: Int, end: Int) throws -> [RGB] {
        guard bitsPerPixel <= 8 else { return [] }
        let entrySize = headerSize == 12 ? 3 : 4
        let start = 14 + headerSize + (headerSize == 40 && method == 3 ? 12 : headerSize == 40 && method == 6 ? 16 : 0)
        let announced = headerSize < 36 ? 0 : try bytes.unsigned(46, 4)
        let wanted = announced == 0 ? 1 << bitsPerPixel : min(announced, 256)
        let room = max(0, (min(bytes.count, end) - start) / entrySize)
        return try (0..<min(wanted, room)).map { entry in
            let at = start + entry * entrySize
            return RGB(UInt8(try bytes.byte(at + 2)), UInt8(try bytes.byte(at + 1)), UInt8(try bytes.byte(at)))
        }
    }

    /// Whether 16- and 32-bit pixels carry alpha (a bit field holds it).
    var hasAlpha: Bool { fields[3].mask != 0 }

    /// The colour of pixel `x` of the uncompressed row starting at `row`, and its alpha (255
    /// unless a bit field holds it).
    func colour(ofPixel x: Int, inRowAt row: Int, _ bytes: BMPBytes) throws -> (RGB, alpha: UInt8) {
        switch bitsPerPixel {
        case 24:
            let at = row + x * 3
            return (RGB(UInt8(try bytes.byte(at + 2)), UInt8(try bytes.byte(at + 1)), UInt8(try bytes.byte(at))), 255)
        case 16, 32:
            let size = bitsPerPixel / 8
            return colour(ofMaskedPixel: try bytes.unsigned(row + x * size, size))
        default:
            let bit = x * bitsPerPixel
            let byte = try bytes.byte(row + bit / 8)
            let index = byte >> (8 - bitsPerPixel - bit % 8) & (1 << bitsPerPixel - 1)
            return (paletteColour(index), 255)
        }
    }

    /// Palette entry `index`; black for an index past the palette's end, as other viewers show it.
    func paletteColour(_ index: Int) -> RGB {
        index < palette.count ? palette[index] : RGB(0, 0, 0)
    }

    /// A 16- or 32-bit pixel through the bit fields.
    private func colour(ofMaskedPixel pixel: Int) -> (RGB, alpha: UInt8) {
        let colour = RGB(UInt8(fields[0].value(in: pixel)), UInt8(fields[1].value(in: pixel)), UInt8(fields[2].value(in: pixel)))
        return (colour, hasAlpha ? UInt8(fields[3].value(in: pixel)) : 255)
    }
}
