import TerminalVocabulary
import Testing
@testable import Imaging

@Suite struct BMPCodecTests {
    @Test(arguments: ["24", "32"])
    func decodesTrueColourExactly(_ depth: String) throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-32-\(depth).bmp"))
        #expect(image == (try FormatFixtures.reference("coffee-32.png")))
    }

    @Test(arguments: ["565", "8", "rle8", "4", "1"])
    func decodesAsImageMagickDoes(_ kind: String) throws {
        let bytes = try FormatFixtures.bytes("coffee-32-\(kind).bmp")
        let image = try ImageDecoder.decode(bytes)
        #expect(image == (try FormatFixtures.reference("coffee-32-\(kind)-bmp.png")))
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 32, height: 21))
    }

    @Test func widensBitFieldsByRepeatingTheirBits() {
        let five = BMPHeader.BitField(mask: 0x7C00), three = BMPHeader.BitField(mask: 0b111), twelve = BMPHeader.BitField(mask: 0xFFF0)
        #expect(five.value(in: 0x7C00) == 255 && five.value(in: 0x03FF) == 0 && five.value(in: 0b11000 << 10) == 0b11000110)
        #expect(three.value(in: 0b101) == 0b10110110)
        #expect(twelve.value(in: 0xABC0) == 0xAB)
        #expect(BMPHeader.BitField(mask: 0).value(in: 0xFFFF) == 0)
    }

    @Test func readsTopDownRows() throws {
        let bytes = try FormatFixtures.bytes("coffee-32-24.bmp")
        // The same file with its rows in the other order and a negative height.
        let offset = bytes[10..<14].reversed().reduce(0) { $0 << 8 | Int($1) }, stride = 32 * 3
        let rows = (0..<21).reversed().flatMap { bytes[(offset + $0 * stride)..<(offset + ($0 + 1) * stride)] }
        var topDown = FormatFixtures.patched(bytes, at: 22, with: withUnsafeBytes(of: Int32(-21).littleEndian, Array.init))
        topDown.replaceSubrange(offset..<(offset + 21 * stride), with: rows)
        #expect(try ImageDecoder.decode(topDown) == (try FormatFixtures.reference("coffee-32.png")))
    }

    @Test func decodesRLE4Runs() throws {
        // 5x2, palette black and red. Bottom row: a run of 5 alternating red/black; top row: a
        // literal run of 3 (red, red, black), then the end.
        let rle: [UInt8] = [5, 0x10, 0, 0, 0, 3, 0x11, 0x00, 0, 0, 0, 1]
        let image = try ImageDecoder.decode(Self.bmp(width: 5, height: 2, bits: 4, compression: 2,
                                                     palette: [0, 0, 0, 0, 0, 0, 255, 0], pixels: rle))
        let red = RGB(255, 0, 0), black = RGB(0, 0, 0)
        #expect((0..<5).map { image[$0, 1] } == [red, black, red, black, red])
        #expect((0..<5).map { image[$0, 0] } == [red, red, black, black, black])
        // What RLE skipped is transparent: the background, not the palette's black.
        let overWhite = try ImageDecoder.decode(Self.bmp(width: 5, height: 2, bits: 4, compression: 2,
                                                         palette: [0, 0, 0, 0, 0, 0, 255, 0], pixels: rle),
                                                background: RGB(255, 255, 255))
        #expect((0..<5).map { overWhite[$0, 0] } == [red, red, black, RGB(255, 255, 255), RGB(255, 255, 255)])
    }

    /// A 32-bit BMP whose bit fields hold alpha, as ImageMagick writes one from a PNG with alpha,
    /// shows as that PNG does over the same background.
    @Test(arguments: [RGB(0, 0, 0), RGB(255, 255, 255), RGB(40, 50, 60)])
    func compositesAlphaOverTheBackgroundAsPNGIs(_ background: RGB) throws {
        let bmp = try ImageDecoder.decode(FormatFixtures.bytes("coffee-32-alpha.bmp"), background: background)
        let png = try PNGCodec.decode(FormatFixtures.bytes("coffee-32-alpha.png"), background: background)
        #expect(bmp.width == png.width && bmp.height == png.height)
        #expect(zip(bmp.pixels, png.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        // The ramp's right side (alpha 5 of 255) is all but the background.
        let right = bmp[31, 10]
        #expect(zip([right.r, right.g, right.b], [background.r, background.g, background.b]).allSatisfy { abs(Int($0) - Int($1)) <= 5 })
    }

    /// 2x1 pixels of 32 bits with an alpha bit field (BI_ALPHABITFIELDS), B, G, R, A each.
    static func withAlpha(_ pixels: [UInt8]) -> [UInt8] {
        let masks: [UInt8] = [0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF]
        return bmp(width: 2, height: 1, bits: 32, compression: 6, palette: masks, pixels: pixels)
    }

    @Test func anAlphaFieldThatIsZeroEverywhereIsNotUsed() throws {
        let white = RGB(255, 255, 255)
        // Writers that leave the fourth byte 0 mean an opaque picture, as browsers show it.
        let unused = try ImageDecoder.decode(Self.withAlpha([10, 20, 30, 0, 40, 50, 60, 0]), background: white)
        #expect([unused[0, 0], unused[1, 0]] == [RGB(30, 20, 10), RGB(60, 50, 40)])
        // One pixel with alpha: then 0 is transparent, and 128 half.
        let used = try ImageDecoder.decode(Self.withAlpha([10, 20, 30, 0, 40, 50, 60, 128]), background: white)
        #expect(used[0, 0] == white)
        #expect(used[1, 0] == RGB(157, 152, 147))
    }

    @Test func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try FormatFixtures.bytes("coffee-32-24.bmp")
        let cases: [(String, [UInt8])] = [
            ("truncated", Array(bytes.prefix(bytes.count - 10))),
            ("header only", Array(bytes.prefix(30))),
            ("unknown header", FormatFixtures.patched(bytes, at: 14, with: [200, 0, 0, 0])),
            ("no width", FormatFixtures.patched(bytes, at: 18, with: [0, 0, 0, 0])),
            ("most negative height", FormatFixtures.patched(bytes, at: 22, with: [0, 0, 0, 0x80])),
            ("7 bits a pixel", FormatFixtures.patched(bytes, at: 28, with: [7, 0])),
            ("JPEG inside", FormatFixtures.patched(bytes, at: 30, with: [4, 0, 0, 0])),
        ]
        for (name, damaged) in cases {
            let error = #expect(throws: ImageError.self, "\(name)") { try ImageDecoder.decode(damaged) }
            #expect(error?.isCorrupt == true, "\(name): \(String(describing: error))")
        }
        let huge = FormatFixtures.patched(bytes, at: 18, with: [0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: ImageError.tooLarge(width: Int(Int32.max), height: Int(Int32.max))) { try ImageDecoder.decode(huge) }
    }

    @Test func aLargePictureIsKeptAsBoxAveragesThatCoverTheTarget() throws {
        // 4x2, 8 bits, bottom-up: bottom row red, red, blue, blue; top row white, black, black, black.
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0]  // red, blue, white, black (B, G, R, 0)
        let bytes = Self.bmp(width: 4, height: 2, bits: 8, compression: 0, palette: palette, pixels: [0, 0, 1, 1, 2, 3, 3, 3])
        #expect(try ImageDecoder.decode(bytes).width == 4)
        // Boxes of 2x2 still cover a 2x1 target: (white + black + red + red) / 4, then four dark and blue.
        let boxed = try BMPCodec.decode(bytes, covering: PixelSize(width: 2, height: 1))
        #expect(boxed.width == 2 && boxed.height == 1)
        #expect(boxed[0, 0] == RGB(191, 64, 64) && boxed[1, 0] == RGB(0, 0, 128))
        #expect(ScaledSize.boxFactor(PixelSize(width: 480, height: 320), source: PixelSize(width: 10_000, height: 10_000)) == 20)
        #expect(ScaledSize.boxFactor(nil, source: PixelSize(width: 10_000, height: 100)) == 3, "no side past 4096")
        #expect(ScaledSize.boxFactor(PixelSize(width: 480, height: 320), source: PixelSize(width: 400, height: 300)) == 1)
    }

    @Test func os2HeadersOfAnyLengthAndLongerWindowsOnesShowThePicture() throws {
        // 4x2, 8 bits: the same palette and rows behind headers of 40, 16 (OS/2 2's shortest, no
        // compression or colour count) and 66 bytes (ImageMagick reads it as far as Windows' go).
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0]
        let pixels: [UInt8] = [0, 1, 2, 3, 3, 2, 1, 0]
        let windows = Self.bmp(width: 4, height: 2, bits: 8, compression: 0, palette: palette, pixels: pixels)
        func withHeader(_ header: [UInt8]) -> [UInt8] {
            let offset = 14 + header.count + palette.count
            return Array("BM".utf8) + le(offset + pixels.count, 4) + le(0, 4) + le(offset, 4) + header + palette + pixels
        }
        let os2 = withHeader(le(16, 4) + le(4, 4) + le(2, 4) + le(1, 2) + le(8, 2))
        let long = withHeader(Array(windows[14..<54]).replacing([40, 0, 0, 0], with: [66, 0, 0, 0], maxReplacements: 1)
                              + [UInt8](repeating: 0, count: 26))
        let expected = try ImageDecoder.decode(windows)
        #expect(expected[0, 1] == RGB(255, 0, 0) && expected[1, 1] == RGB(0, 0, 255))
        #expect(try ImageDecoder.decode(os2) == expected)
        #expect(try ImageDecoder.decode(long) == expected)
    }

    @Test func aTinyRLEBitmapOfAHugeCanvasTakesLittleMemory() throws {
        // 1 KB: 10000x10000 of RLE8 that ends at once. Whole, its pixels were 400 MB of RGBA.
        let bomb = Self.bmp(width: 10_000, height: 10_000, bits: 8, compression: 1, palette: [UInt8](repeating: 0, count: 1024),
                            pixels: [0, 1])
        let image = try ImageDecoder.decode(bomb, covering: PixelSize(width: 480, height: 320), background: RGB(9, 9, 9))
        #expect(image.width == 500 && image.height == 500)
        #expect(image[250, 250] == RGB(9, 9, 9), "nothing drawn: the background")
    }

    @Test func aBoxOfManyPixelsSumsWithoutOverflow() throws {
        // 300 x 300 of one colour into a 1 x 1 target: one box of 90,000 pixels, whose sums of
        // 255 x 255 a pixel pass 32 bits (as a 10000 px picture drawn into a cell does).
        let row: [UInt8] = [250, 1, 50, 1, 0, 0]
        let rle: [UInt8] = Array((0..<300).map { _ in row }.joined()) + [0, 1]
        let bmp = Self.bmp(width: 300, height: 300, bits: 8, compression: 1,
                           palette: [0, 0, 0, 0, 30, 20, 200, 0] + [UInt8](repeating: 0, count: 1016), pixels: rle)
        let image = try BMPCodec.decode(bmp, covering: PixelSize(width: 1, height: 1))
        #expect(image.width == 1 && image.height == 1)
        #expect(image[0, 0] == RGB(200, 20, 30))
    }

    /// A BMP with a 40-byte header around `pixels`; `palette` is what stands between them (the
    /// colour table, or bit field masks).
    static func bmp(width: Int, height: Int, bits: Int, compression: Int, palette: [UInt8], pixels: [UInt8]) -> [UInt8] {
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let offset = 54 + palette.count
        return Array("BM".utf8) + le(offset + pixels.count, 4) + le(0, 4) + le(offset, 4)
            + le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(bits, 2) + le(compression, 4)
            + le(pixels.count, 4) + le(0, 8) + le(palette.count / 4, 4) + le(0, 4) + palette + pixels
    }
}
