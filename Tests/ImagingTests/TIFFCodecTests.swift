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
