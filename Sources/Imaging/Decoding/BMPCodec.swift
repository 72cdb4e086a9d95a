public import TerminalVocabulary

/// Windows bitmap decode, in Swift: no Debian library is made for BMP alone, and the format is
/// small enough to read safely with every offset checked. Palette (1, 4, 8 bits, and RLE4 and
/// RLE8), 16, 24 and 32 bits with or without bit fields, bottom-up and top-down; OS/2's core
/// header and Windows' 40 to 124-byte headers. Alpha (a bit field that says so) is composited over
/// the caller's background as PNG's is, and what RLE skips is transparent, as browsers show it.
public enum BMPCodec {
    /// Decodes a BMP: every pixel, or, for a large picture, the averages of square boxes of them
    /// (`ScaledSize.boxFactor`) still covering `covering`, averaged as the rows are read, so
    /// memory holds the small picture and never the large one (a 1 KB RLE bitmap of 10000 x 10000
    /// took 714 MB whole).
    /// - Throws: `.tooLarge` when the header announces more than `maxPixels` (before pixel memory
    ///   is allocated), `.corrupt` for a header or pixel data that is not there or makes no sense.
    public static func decode(_ data: some EncodedBytes, covering: PixelSize? = nil, maxPixels: Int = JPEGCodec.defaultMaxPixels,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            guard !data.isEmpty else { throw ImageError.empty }
            let bytes = BMPBytes(data)
            let header = try BMPHeader(bytes)
            guard header.width * header.height <= maxPixels else {
                throw ImageError.tooLarge(width: header.width, height: header.height)
            }
            if header.compression == .none || header.compression == .bitFields {
                // Before the picture's memory: the rows must all be there.
                guard header.pixelOffset <= bytes.count, stride(of: header) * header.height <= bytes.count - header.pixelOffset else {
                    throw ImageError.corrupt("BMP pixel data shorter than \(header.width)x\(header.height) (truncated)")
                }
            }
            let source = PixelSize(width: header.width, height: header.height)
            var canvas = BoxAveragingCanvas(width: header.width, height: header.height, topDown: header.topDown,
                                   factor: ScaledSize.boxFactor(covering, source: source), background: background)
            switch header.compression {
            case .rle(let bits): try BMPRunLengths.decode(bytes, header: header, bits: bits, into: &canvas)
            case .none, .bitFields: try decodeRows(bytes, header: header, into: &canvas)
            }
            // Writers that do not use the alpha field leave it 0: a picture wholly transparent is
            // such a file, shown opaque as browsers show it.
            return canvas.finished(opaque: header.hasAlpha && canvas.isWhollyTransparent)
        }
    }

    /// Width and height from the header.
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        let header = try data.withUnsafeBufferPointer { try BMPHeader(BMPBytes($0)) }
        return PixelSize(width: header.width, height: header.height)
    }

    /// The bytes of an uncompressed row: its pixels padded to four bytes.
    private static func stride(of header: BMPHeader) -> Int {
        (header.width * header.bitsPerPixel + 31) / 32 * 4
    }

    /// Uncompressed rows, which `decode` found all there.
    private static func decodeRows(_ bytes: BMPBytes, header: BMPHeader, into canvas: inout BoxAveragingCanvas) throws {
        for row in 0..<header.height {
            let start = header.pixelOffset + row * stride(of: header)
            for x in 0..<header.width {
                let (colour, alpha) = try header.colour(ofPixel: x, inRowAt: start, bytes)
                canvas.set(x, row, colour, alpha: alpha)
            }
        }
    }
}

/// The file's bytes, read only through checked accessors.
struct BMPBytes {
    let data: UnsafeBufferPointer<UInt8>
    init(_ data: UnsafeBufferPointer<UInt8>) { self.data = data }

    var count: Int { data.count }

    func byte(_ offset: Int) throws -> Int {
        guard offset >= 0, offset < data.count else { throw ImageError.corrupt("BMP shorter than its header says (truncated)") }
        return Int(data[offset])
    }

    /// A little-endian unsigned integer of `size` bytes.
    func unsigned(_ offset: Int, _ size: Int) throws -> Int {
        try (0..<size).reduce(0) { $0 | (try byte(offset + $1)) << (8 * $1) }
    }

    /// A little-endian two's-complement integer of 4 bytes.
    func signed32(_ offset: Int) throws -> Int { Int(Int32(truncatingIfNeeded: try unsigned(offset, 4))) }
}
