/// RLE4 and RLE8 BMP pixel data: runs of one index (two alternating for RLE4), literal runs,
/// and escapes that end a line, the picture, or move the pen. Every step reads at least two
/// bytes, so the work is bounded by the file's size; pixels outside the picture are dropped.
enum BMPRunLengths {
    static func decode(_ bytes: BMPBytes, header: BMPHeader, bits: Int, into canvas: inout BoxAveragingCanvas) throws {
        guard header.pixelOffset < bytes.count else { throw ImageError.corrupt("BMP without pixel data (truncated)") }
        var at = header.pixelOffset, x = 0, row = 0
        // Index `n` of a run: RLE8's byte itself, RLE4's high then low nibble.
        func index(_ value: Int, _ n: Int) -> Int { bits == 8 ? value : n % 2 == 0 ? value >> 4 : value & 0x0F }
        while at + 1 < bytes.count, row < header.height {
            let count = try bytes.byte(at), value = try bytes.byte(at + 1)
            at += 2
            if count > 0 {
                for n in 0..<count { canvas.set(x + n, row, header.paletteColour(index(value, n))) }
                x += count
                continue
            }
            switch value {
            case 0: x = 0; row += 1
            case 1: return
            case 2:
                x += try bytes.byte(at)
                row += try bytes.byte(at + 1)
                at += 2
            default:
                // A literal run of `value` indices, padded to a 16-bit boundary.
                let length = bits == 8 ? value : (value + 1) / 2
                for n in 0..<value {
                    let byte = try bytes.byte(at + (bits == 8 ? n : n / 2))
                    canvas.set(x + n, row, header.paletteColour(index(byte, n)))
                }
                x += value
                at += (length + 1) / 2 * 2
            }
        }
    }
}
