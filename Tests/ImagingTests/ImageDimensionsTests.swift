import TerminalVocabulary
import Testing
@testable import Imaging

@Suite struct ImageDimensionsTests {
    @Test func pngSizeComesFromTheFirst24Bytes() throws {
        let png = try PNGCodec.encode(RGBImage(width: 300, height: 7, filledWith: RGB(1, 2, 3)))
        #expect(try PNGCodec.dimensions(of: Array(png.prefix(24))) == PixelSize(width: 300, height: 7))
        #expect(try ImageDecoder.dimensions(of: png) == PixelSize(width: 300, height: 7))
    }

    @Test func jpegSizeNeedsOnlyTheBytesUpToTheScan() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 120, height: 45, seed: 3))
        // The start-of-scan marker and its header; the entropy-coded data after it is not needed.
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        #expect(scan + 20 < jpeg.count / 2)
        #expect(try ImageDecoder.dimensions(of: Array(jpeg.prefix(scan + 20))) == PixelSize(width: 120, height: 45))
    }

    @Test func otherBytesAreRefused() throws {
        #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.dimensions(of: Array("<html>".utf8)) }
        #expect(throws: ImageError.corrupt("no GIF screen descriptor")) { try ImageDecoder.dimensions(of: Array("GIF89a".utf8)) }
        #expect(throws: ImageError.empty) { try ImageDecoder.dimensions(of: []) }
        let png = try PNGCodec.encode(RGBImage(width: 3, height: 3, filledWith: RGB(0, 0, 0)))
        #expect(throws: ImageError.self) { try PNGCodec.dimensions(of: Array(png.prefix(20))) }
        #expect(throws: ImageError.unsupportedFormat) { try PNGCodec.dimensions(of: Array("not a png at all, really".utf8)) }
    }
}
