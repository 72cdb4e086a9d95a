import Testing
@testable import Imaging

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
        let small = try JPEGCodec.decode(jpeg, covering: (width: 90, height: 60))
        #expect(small.width == 100 && small.height == 75)
    }

    @Test func badInputIsAnErrorValue() {
        #expect(throws: ImageError.empty) { try JPEGCodec.decode([]) }
        #expect(throws: ImageError.self) { try JPEGCodec.decode([0xFF, 0xD8, 0xFF, 0x00, 0x13]) }
    }
}
