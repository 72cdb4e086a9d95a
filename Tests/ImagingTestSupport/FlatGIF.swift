/// GIFs made by tests: a screen of any size whose frames each fill a rectangle with one colour,
/// coded as tightly as LZW allows (a 10000 x 10000 frame in 45 KB), so that the bombs of issue 25
/// are made in the test rather than held.
public enum FlatGIF {
    /// The four colours of the screen's table: index 0 red, 1 blue, 2 green, 3 white.
    public static let colours: [[UInt8]] = [[255, 0, 0], [0, 0, 255], [0, 255, 0], [255, 255, 255]]

    /// One frame: where it stands, and the colour index every pixel of it has.
    public struct Frame {
        public let left: Int, top: Int, width: Int, height: Int, index: UInt8
        public init(left: Int = 0, top: Int = 0, width: Int, height: Int, index: UInt8) {
            (self.left, self.top, self.width, self.height, self.index) = (left, top, width, height, index)
        }
    }

    /// A GIF89a of a `width` x `height` screen showing `frames` one after the other (each kept,
    /// 100 ms), looping.
    public static func make(width: Int, height: Int, frames: [Frame]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF1, 0, 0] + colours.flatMap { $0 }
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        for frame in frames {
            bytes += [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00, 0x2C]
            bytes += le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height) + [0]
            bytes += subBlocks(minimumCodeSize: 2, codes: flatCodes(pixels: frame.width * frame.height, index: frame.index))
        }
        return bytes + [0x3B]
    }

    /// LZW data as a GIF frame holds it: the code size, sub-blocks of at most 255 bytes, an empty one.
    public static func subBlocks(minimumCodeSize: UInt8, codes: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [minimumCodeSize]
        for start in stride(from: 0, to: codes.count, by: 255) {
            let block = codes[start..<min(codes.count, start + 255)]
            bytes += [UInt8(block.count)] + block
        }
        return bytes + [0]
    }

    /// The LZW codes of `pixels` pixels of `index`, with 2-bit literals: each code the longest run
    /// the table holds, the table and the code width kept exactly as giflib's decoder keeps them.
    static func flatCodes(pixels: Int, index: UInt8) -> [UInt8] {
        let clear = 4, end = 5
        var writer = CodeWriter()
        var width = 3, widthLimit = 8, running = end + 1
        writer.emit(clear, width)
        var lengths: [Int: Int] = [:], next = end + 1, previous: Int?, left = pixels
        while left > 0 {
            var best = (length: 1, code: Int(index))
            if let last = lengths[next - 1], last <= left, last > best.length { best = (last, next - 1) }
            if let previous, next <= 4095, previous + 1 <= left, previous + 1 > best.length { best = (previous + 1, next) }
            writer.emit(best.code, width)
            left -= best.length
            if let previous, next <= 4095 {
                lengths[next] = previous + 1
                next += 1
            }
            previous = best.length
            if running < 4097 {
                running += 1
                if running > widthLimit && width < 12 {
                    width += 1
                    widthLimit <<= 1
                }
            }
        }
        writer.emit(end, width)
        return writer.finished()
    }

    /// A 2 x 2 GIF of one frame coded as Pillow's `issue_2811.gif` is: 11-bit literals (so 12-bit
    /// codes from the start), which the format allows and giflib refuses as a failed read.
    public static func elevenBitCodes() -> [UInt8] {
        var codes = CodeWriter()
        codes.emit(2048, 12)
        for _ in 0..<4 { codes.emit(1, 12) }
        codes.emit(2049, 12)
        return Array("GIF89a".utf8) + [2, 0, 2, 0, 0xF1, 0, 0] + colours.flatMap { $0 }
            + [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0] + subBlocks(minimumCodeSize: 11, codes: codes.finished()) + [0x3B]
    }

    /// Codes packed least significant bit first, as GIF packs them.
    public struct CodeWriter {
        private var bytes: [UInt8] = [], pending = 0, bits = 0
        public init() {}

        public mutating func emit(_ code: Int, _ width: Int) {
            pending |= code << bits
            bits += width
            while bits >= 8 {
                bytes.append(UInt8(pending & 0xFF))
                pending >>= 8
                bits -= 8
            }
        }

        public func finished() -> [UInt8] { bits > 0 ? bytes + [UInt8(pending & 0xFF)] : bytes }
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
