import TerminalVocabulary
import Testing
@testable import Imaging
import ImagingTestSupport

@Suite struct TIFFCodecTests {
    @Test func decodesLZWExactly() throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee.tif"))
        #expect(image == (try FormatFixtures.reference()))
    }

    @Test(arguments: 1...8)
    func showsEveryOrientationUpright(_ orientation: Int) throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-32-orientation-\(orientation).tif"))
        #expect(image == (try FormatFixtures.reference("coffee-32.png")))
    }

    /// Read in bands as box averages (a picture much larger than wanted), every orientation still
    /// comes out upright: each quarter of the small picture has the colour of that quarter whole.
    @Test(arguments: 1...8)
    func readInBoxesEveryOrientationIsUpright(_ orientation: Int) throws {
        let reference = try FormatFixtures.reference("coffee-32.png")
        let boxed = try ImageDecoder.decode(FormatFixtures.bytes("coffee-32-orientation-\(orientation).tif"),
                                            covering: PixelSize(width: 16, height: 10))
        #expect(boxed.width == 16 && boxed.height == 11)
        func quarterMeans(_ image: RGBImage) -> [Double] {
            [(0, 0), (1, 0), (0, 1), (1, 1)].flatMap { qx, qy -> [Double] in
                let xs = (qx * image.width / 2)..<((qx + 1) * image.width / 2)
                let ys = (qy * image.height / 2)..<((qy + 1) * image.height / 2)
                let pixels = ys.flatMap { y in xs.map { x in image[x, y] } }
                return [\RGB.r, \RGB.g, \RGB.b].map { channel in
                    Double(pixels.map { Int($0[keyPath: channel]) }.reduce(0, +)) / Double(pixels.count)
                }
            }
        }
        for (boxedMean, wholeMean) in zip(quarterMeans(boxed), quarterMeans(reference)) {
            #expect(abs(boxedMean - wholeMean) < 12, "\(quarterMeans(boxed)) against \(quarterMeans(reference))")
        }
    }

    @Test func transposesAlongTheMainDiagonal() {
        let image = RGBImage(width: 3, height: 2, pixels: (0..<18).map(UInt8.init))
        let turned = image.transposed()
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned[1, 2] == image[2, 1] && turned[0, 1] == image[1, 0])
        #expect(turned.transposed() == image)
        let across = image.transposed(acrossAntiDiagonal: true)
        #expect(across[0, 0] == image[2, 1] && across[1, 0] == image[2, 0] && across[0, 2] == image[0, 1])
    }

    @Test func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try FormatFixtures.bytes("coffee.tif")
        for damaged in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(8)), [0x49, 0x49, 0x2A, 0x00]] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            #expect(error?.isCorrupt == true)
            #expect(!"\(error!)".contains("\n"))
        }
        // A 160x107 picture said to be 160 x 1,000,000 rows: refused by the cap, not read.
        #expect(throws: ImageError.tooLarge(width: 160, height: 1_000_000)) {
            try ImageDecoder.decode(Self.settingHeight(of: bytes, to: 1_000_000), maxPixels: 10_000_000)
        }
    }

    @Test func samplesLibtiffsRGBAReaderRefusesAreScaledToEightBits() throws {
        let white = RGB(255, 255, 255), black = RGB(0, 0, 0)
        // 12-bit grey, packed: 4095 then 0 (ImageMagick shows 4095 as white).
        let twelve = Self.tiff(width: 2, tags: [(258, 3, [12]), (259, 3, [1]), (262, 3, [1]), (277, 3, [1])], strip: [0xFF, 0xF0, 0x00])
        let grey = try ImageDecoder.decode(twelve)
        #expect(grey[0, 0] == white && grey[1, 0] == black)
        // 32-bit floats with no Photometric tag (as Pillow's 10ct_32bit_128.tiff): 0 to 1 is black to white.
        let floats: [Float] = [1, 0.5, -3]
        let real = Self.tiff(width: 3, tags: [(258, 3, [32]), (259, 3, [1]), (277, 3, [1]), (339, 3, [3])],
                             strip: floats.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) })
        let shown = try ImageDecoder.decode(real)
        #expect(shown[0, 0] == white && shown[1, 0] == RGB(128, 128, 128) && shown[2, 0] == black)
        // 16-bit CMYK, which libtiff's RGBA reader accepts and then cannot read: no ink, then all cyan.
        let cmyk = Self.tiff(width: 2, tags: [(258, 3, [16, 16, 16, 16]), (259, 3, [1]), (262, 3, [5]), (277, 3, [4])],
                             strip: [0, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFF, 0, 0, 0, 0, 0, 0])
        let inks = try ImageDecoder.decode(cmyk)
        #expect(inks[0, 0] == white && inks[1, 0] == RGB(0, 255, 255))
    }

    @Test func aBigTIFFIsReadAsATIFF() throws {
        let tags: [(UInt16, UInt16, [Int])] = [(258, 3, [8, 8, 8]), (259, 3, [1]), (262, 3, [2]), (277, 3, [3])]
        let strip: [UInt8] = [255, 0, 0, 0, 0, 255]
        let expected = try ImageDecoder.decode(Self.tiff(width: 2, tags: tags, strip: strip))
        #expect(expected[0, 0] == RGB(255, 0, 0) && expected[1, 0] == RGB(0, 0, 255))
        let big = Self.tiff(width: 2, tags: tags, strip: strip, big: true)
        #expect(Array(big.prefix(4)) == [0x49, 0x49, 0x2B, 0x00])
        #expect(try ImageDecoder.decode(big) == expected)
    }

    /// A little-endian TIFF, or BigTIFF, of one row `width` pixels wide in one strip: its size,
    /// `tags` (tag, type, values; in increasing order, before StripOffsets) and where the strip is.
    static func tiff(width: Int, tags: [(tag: UInt16, type: UInt16, values: [Int])], strip: [UInt8], big: Bool = false) -> [UInt8] {
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let word = big ? 8 : 4, entrySize = big ? 20 : 12
        let header = big ? [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0] + le(16, 8) : [0x49, 0x49, 0x2A, 0x00] + le(8, 4)
        let all = [(UInt16(256), UInt16(4), [width]), (257, 4, [1])] + tags + [(273, 4, [0]), (278, 4, [1]), (279, 4, [strip.count])]
        let directorySize = (big ? 8 : 2) + all.count * entrySize + word
        var outOfLine: [UInt8] = [], entries: [UInt8] = []
        let outOfLineStart = header.count + directorySize
        // Every value's bytes, and the strip after them all.
        let valueBytes = all.map { entry in entry.values.flatMap { le($0, entry.type == 3 ? 2 : 4) } }
        let stripOffset = outOfLineStart + valueBytes.filter { $0.count > word }.map(\.count).reduce(0, +)
        for (entry, bytes) in zip(all, valueBytes) {
            let value = entry.tag == 273 ? le(stripOffset, 4) : bytes
            entries += le(Int(entry.tag), 2) + le(Int(entry.type), 2) + le(entry.values.count, word)
            if value.count <= word {
                entries += value + [UInt8](repeating: 0, count: word - value.count)
            } else {
                entries += le(outOfLineStart + outOfLine.count, word)
                outOfLine += value
            }
        }
        return header + le(all.count, big ? 8 : 2) + entries + le(0, word) + outOfLine + strip
    }

    /// `tiff` (little-endian) with its first directory's ImageLength tag set to `height`.
    static func settingHeight(of tiff: [UInt8], to height: UInt32) -> [UInt8] {
        func uint(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(tiff[at + $1]) << (8 * $1) } }
        let directory = uint(4, 4)
        var patched = tiff
        for entry in 0..<uint(directory, 2) {
            let at = directory + 2 + entry * 12
            guard uint(at, 2) == 257 else { continue }  // ImageLength
            patched.replaceSubrange(at + 2..<at + 12, with: [4, 0, 1, 0, 0, 0] + withUnsafeBytes(of: height.littleEndian, Array.init))
        }
        return patched
    }
}
