import Testing
import TerminalVocabulary
@testable import Imaging
import ImagingTestSupport

@Suite struct JPEGCodecTests {
    @Test func roundTripKeepsSizeAndColour() throws {
        let image = RGBImage(width: 64, height: 48, filledWith: RGB(200, 40, 90))
        let jpeg = try JPEGCodec.encode(image, quality: 95)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let decoded = try JPEGCodec.decode(jpeg)
        #expect(decoded.width == 64 && decoded.height == 48)
        let c = decoded[32, 24]
        #expect(abs(Int(c.r) - 200) < 8 && abs(Int(c.g) - 40) < 8 && abs(Int(c.b) - 90) < 8)
    }

    @Test func scaledDecodePicksSmallestCoveringFactor() throws {
        let jpeg = try JPEGCodec.encode(RGBImage(width: 800, height: 600, filledWith: RGB(1, 2, 3)))
        let small = try JPEGCodec.decode(jpeg, covering: PixelSize(width: 90, height: 60))
        #expect(small.width == 100 && small.height == 75)
        // 1/8 would give 100x75, too short for 80 rows; 2/8 gives 200x150.
        let taller = try JPEGCodec.decode(jpeg, covering: PixelSize(width: 90, height: 80))
        #expect(taller.width == 200 && taller.height == 150)
    }

    @Test func reducedDecodeKeepsAPartialLastPixelAsAFraction() throws {
        // 100x67 at 1/8 is 12.5 x 8.375 pixels: libjpeg-turbo makes 13x9, whose last column and
        // row stand for half and three eighths of a pixel, and the image says so.
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 100, height: 67, seed: 9))
        let image = try JPEGCodec.decode(jpeg, covering: PixelSize(width: 12, height: 8))
        #expect(image.width == 13 && image.height == 9)
        #expect(image.lastColumnEighths == 4 && image.lastRowEighths == 3)
        #expect(image.pixels == (try JPEGCodec.libjpegTurboDecode(jpeg, numerator: 1)).pixels)
        // 13 whole columns would be needed to cover 13: the next factor, 2/8, gives 25x17
        // (16.75 rows).
        let wider = try JPEGCodec.decode(jpeg, covering: PixelSize(width: 13, height: 8))
        #expect(wider.width == 25 && wider.height == 17 && wider.lastColumnEighths == 8 && wider.lastRowEighths == 6)
        #expect(JPEGCodec.scaledSize(width: 100, height: 67, covering: PixelSize(width: 12, height: 8)) == PixelSize(width: 12, height: 8))
        // A whole decode has no partial pixel.
        let whole = try JPEGCodec.decode(jpeg)
        #expect(whole.width == 100 && whole.lastColumnEighths == 8 && whole.lastRowEighths == 8)
    }

    /// At 1/8 a progressive file is decoded from its DC scan alone: the picture of the same
    /// coefficients sent in one sequential scan, short of the DC's last bit and the chroma's 2x2
    /// detail, which come in the scans it does not read.
    @Test func aProgressiveFileAtAnEighthIsItsDCScan() throws {
        let progressive = try JPEGCodec.decode(try FormatFixtures.bytes("progressive-640.jpg"), covering: PixelSize(width: 80, height: 53))
        let sequential = try JPEGCodec.decode(try FormatFixtures.bytes("sequential-640.jpg"), covering: PixelSize(width: 80, height: 53))
        #expect(progressive.width == 80)
        #expect(progressive.width == sequential.width && progressive.height == sequential.height)
        #expect(progressive.psnr(comparedTo: sequential) > 30, "\(progressive.psnr(comparedTo: sequential)) dB")
        #expect(!progressive.isTruncated && progressive.decoderWarning == nil)
    }

    /// The scans after the DC are never read at 1/8: a file cut right after its DC scan is whole
    /// there, and short (grey, a warning) at any larger scale, which needs them.
    @Test func aProgressiveFileCutAfterItsDCScanIsWholeAtAnEighth() throws {
        let bytes = try FormatFixtures.bytes("progressive-640.jpg")
        let scans = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
        let cut = Array(bytes[..<scans[1]])
        let eighth = try JPEGCodec.decode(cut, covering: PixelSize(width: 80, height: 53))
        #expect(eighth.width == 80 && !eighth.isTruncated && eighth.decoderWarning == nil)
        let quarter = try JPEGCodec.decode(cut, covering: PixelSize(width: 160, height: 106))
        #expect(quarter.width == 160 && quarter.isTruncated)
    }

    @Test func badInputIsAnErrorValue() {
        #expect(throws: ImageError.empty) { try JPEGCodec.decode([]) }
        #expect(throws: ImageError.self) { try JPEGCodec.decode([0xFF, 0xD8, 0xFF, 0x00, 0x13]) }
    }

    /// A file cut short shows what decoded and grey below, as libjpeg-turbo (and djpeg, chafa)
    /// pad it, and says it is truncated; one cut inside its header is still an error.
    @Test func truncatedDataShowsWhatDecodedAndGreyBelow() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 128, height: 128, seed: 1), quality: 90)
        let whole = try JPEGCodec.decode(jpeg)
        #expect(whole.width == 128 && !whole.isTruncated)
        let half = try JPEGCodec.decode(Array(jpeg.prefix(jpeg.count / 2)))
        #expect(half.isTruncated && half.width == 128 && half.height == 128)
        let bytesPerRow = 128 * 3
        #expect(half.pixels.prefix(8 * bytesPerRow) == whole.pixels.prefix(8 * bytesPerRow), "the first rows decoded")
        #expect(half.pixels.suffix(8 * bytesPerRow).allSatisfy { (127...129).contains($0) }, "the last rows grey")
        // Only the end marker missing: every pixel is there.
        #expect(try JPEGCodec.decode(Array(jpeg.prefix(jpeg.count - 2))).pixels == whole.pixels)
        let error = #expect(throws: ImageError.self) { try JPEGCodec.decode(Array(jpeg.prefix(300))) }
        #expect(error?.isCorrupt == true)
        // Through the renderer, the flag reaches the picture the app shows.
        let renderer = PictureRenderer(mode: .halfblock, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        #expect(try renderer.render(Array(jpeg.prefix(jpeg.count / 2)), cells: CellSize(columns: 8, rows: 4), fit: .crop).isTruncated)
        #expect(try !renderer.render(jpeg, cells: CellSize(columns: 8, rows: 4), fit: .crop).isTruncated)
        let sixel = PictureRenderer(mode: .sixel, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        #expect(try sixel.render(Array(jpeg.prefix(jpeg.count / 2)), cells: CellSize(columns: 8, rows: 4), fit: .contain).isTruncated)
    }

    /// Bytes libjpeg-turbo warns about ("Corrupt JPEG data: 3 extraneous bytes before marker
    /// 0xdb") before the first quantisation table, as some cameras and editors write them.
    private static func withExtraneousBytes(_ jpeg: [UInt8]) throws -> [UInt8] {
        let table = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB })
        return Array(jpeg[..<table]) + [1, 2, 3] + jpeg[table...]
    }

    @Test func warningsAreNotErrors() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 64, height: 48, seed: 3), quality: 90)
        let odd = try Self.withExtraneousBytes(jpeg)
        #expect(try JPEGCodec.dimensions(of: odd) == PixelSize(width: 64, height: 48))
        let clean = try JPEGCodec.decode(jpeg), warned = try JPEGCodec.decode(odd)
        #expect(warned.pixels == clean.pixels && clean.decoderWarning == nil)
        // For the log, never the screen.
        #expect(warned.decoderWarning == "Corrupt JPEG data: 3 extraneous bytes before marker 0xdb")
        // An unknown JFIF major version: a warning too.
        var revised = jpeg
        let jfif = try #require(jpeg.indices.first { Array(jpeg[$0..<$0 + 5]) == Array("JFIF\0".utf8) })
        revised[jfif + 5] = 2
        #expect(try JPEGCodec.decode(revised, covering: PixelSize(width: 8, height: 6)).width == 8)
    }

    @Test func anErrorAfterAWarningRefusesTheFile() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 64, height: 48, seed: 4), quality: 90)
        let scan = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        // A Huffman table marker of a bogus length inside the scan: libjpeg-turbo warns that the
        // data segment ended early, then stops at the marker ("Bogus marker length"). TurboJPEG
        // called the error a warning, and the picture was shown.
        let middle = (scan + jpeg.count) / 2
        let bogus = Array(jpeg[..<middle]) + [0xFF, 0xC4, 0x00, 0x01] + jpeg[middle...]
        let error = #expect(throws: ImageError.self) { try JPEGCodec.decode(bogus) }
        #expect(error?.isCorrupt == true)
        // Truncated after a warning: shown as any truncated file is.
        let warned = try Self.withExtraneousBytes(jpeg)
        #expect(try JPEGCodec.decode(Array(warned.prefix(warned.count / 2))).isTruncated)
    }

    @Test func garbageAfterTheSignatureIsCorrupt() {
        let garbage = [0xFF, 0xD8, 0xFF] + TestImages.noise(width: 10, height: 10, seed: 2).pixels
        #expect((#expect(throws: ImageError.self) { try JPEGCodec.decode(garbage) })?.isCorrupt == true)
        #expect((#expect(throws: ImageError.self) { try JPEGCodec.dimensions(of: garbage) })?.isCorrupt == true)
    }

    @Test func headerAnnouncingTooManyPixelsIsRefusedBeforeDecoding() throws {
        let small = try JPEGCodec.encode(RGBImage(width: 16, height: 16, filledWith: RGB(9, 9, 9)))
        let bomb = TestImages.patchingFrameSize(of: small, width: 30000, height: 30000)
        let announced = try JPEGCodec.dimensions(of: bomb)
        #expect(announced.width == 30000 && announced.height == 30000)
        #expect(throws: ImageError.tooLarge(width: 30000, height: 30000)) { try JPEGCodec.decode(bomb) }
        // A small thumbnail target does not make a huge announced size acceptable.
        #expect(throws: ImageError.tooLarge(width: 30000, height: 30000)) {
            try JPEGCodec.decode(bomb, covering: PixelSize(width: 96, height: 64))
        }
    }

    @Test func pixelCapIsTheCallersChoice() throws {
        let jpeg = try JPEGCodec.encode(RGBImage(width: 40, height: 30, filledWith: RGB(9, 9, 9)))
        #expect(throws: ImageError.tooLarge(width: 40, height: 30)) { try JPEGCodec.decode(jpeg, maxPixels: 1199) }
        #expect(try JPEGCodec.decode(jpeg, maxPixels: 1200).width == 40)
    }
}

extension ImageError {
    var isCorrupt: Bool {
        if case .corrupt = self { return true }
        return false
    }
}
