import TerminalVocabulary
import Testing
@testable import Imaging
import ImagingTestSupport

@Suite struct WebPCodecTests {
    @Test func decodesLossyCloseToTheSourcePhoto() throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee.webp"))
        let reference = try FormatFixtures.reference()
        #expect(image.width == 160 && image.height == 107)
        #expect(image.psnr(comparedTo: reference) >= 30)
    }

    @Test func decodesLosslessExactly() throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-lossless.webp"))
        #expect(image == (try FormatFixtures.reference()))
    }

    @Test func compositesAlphaOverBlackInSRGB() throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-alpha.webp"))
        // ImageMagick's flatten, rounded its own way: within one level.
        let reference = try FormatFixtures.reference("coffee-alpha-over-black.png")
        #expect(zip(image.pixels, reference.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// Over the terminal's background, as a light theme asks: the same blend with white.
    @Test func compositesAlphaOverTheBackgroundItIsGiven() throws {
        let bytes = try FormatFixtures.bytes("coffee-alpha.webp")
        #expect(Self.isLiftedEvenly(try ImageDecoder.decode(bytes, background: RGB(255, 255, 255)), from: try ImageDecoder.decode(bytes)))
    }

    /// White lifts each channel of a pixel by the same 255 x (1 - alpha) as black, give or take
    /// rounding; the fixtures have transparent parts, so some lifts are large.
    static func isLiftedEvenly(_ overWhite: RGBImage, from overBlack: RGBImage) -> Bool {
        let lifts = zip(overWhite.pixels, overBlack.pixels).map { Int($0) - Int($1) }
        let perPixel = stride(from: 0, to: lifts.count, by: 3).map { lifts[$0..<$0 + 3] }
        return overWhite.pixels.count == overBlack.pixels.count && lifts.max()! > 200
            && perPixel.allSatisfy { $0.max()! - $0.min()! <= 2 && $0.min()! >= 0 }
    }

    @Test func showsAnAnimationsFirstFrame() throws {
        let bytes = try FormatFixtures.bytes("coffee-32-animated.webp")
        #expect(try ImageDecoder.decode(bytes) == (try FormatFixtures.reference("coffee-32.png")))
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 32, height: 21))
    }

    @Test func playsAnAnimationsFramesWithTheirDurations() throws {
        var frames: [(RGBImage, Int)] = []
        try ImageDecoder.forEachFrame(FormatFixtures.bytes("coffee-32-animated.webp")) { frames.append(($0, $1)); return true }
        let photo = try FormatFixtures.reference("coffee-32.png")
        let negative = RGBImage(width: photo.width, height: photo.height, pixels: photo.pixels.map { 255 - $0 })
        #expect(frames.map(\.1) == [100, 100])
        #expect(frames.map(\.0) == [photo, negative])
        var still = 0
        try ImageDecoder.forEachFrame(FormatFixtures.bytes("coffee.webp")) { _, _ in still += 1; return true }
        #expect(still == 1)
    }

    /// A small animation of a huge canvas would take two whole canvases of memory in libwebp's
    /// decoder: refused from its header, in one line, before libwebp allocates them.
    @Test func anAnimationWhoseCanvasesWouldTakeTooMuchMemoryIsRefused() throws {
        var bytes = try FormatFixtures.bytes("coffee-32-animated.webp")
        #expect(Array(bytes[12..<16]) == Array("VP8X".utf8))
        // The canvas, 24-bit little-endian sides less one: 10000 x 10000.
        bytes.replaceSubrange(24..<30, with: [0x0F, 0x27, 0x00, 0x0F, 0x27, 0x00])
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 10_000, height: 10_000))
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
        #expect(error == .overBudget("WebP animation of 10000x10000 needs 762 MB to decode, more than the 256 MB a picture may take"),
                "\(String(describing: error))")
        #expect(throws: ImageError.self) { try ImageDecoder.forEachFrame(bytes) { _, _ in true } }
    }

    /// An animation's frames are composited over the background as a still picture is: the first
    /// frame as the PNG it was made from, each frame lifted evenly by white.
    @Test func anAnimationsFramesShowTheBackgroundItIsGiven() throws {
        let bytes = try FormatFixtures.bytes("coffee-32-alpha-animated.webp")
        let png = try FormatFixtures.bytes("coffee-32-alpha.png")
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        func frames(over background: RGB) throws -> [RGBImage] {
            var frames: [RGBImage] = []
            try ImageDecoder.forEachFrame(bytes, background: background) { frame, _ in
                frames.append(frame)
                return true
            }
            return frames
        }
        let overBlack = try frames(over: black), overWhite = try frames(over: white)
        #expect(overBlack.count == 2 && overWhite.count == 2)
        for background in [black, white] {
            let first = try ImageDecoder.decode(bytes, background: background).pixels
            let reference = try PNGCodec.decode(png, background: background).pixels
            #expect(first.count == reference.count && zip(first, reference).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
            #expect(try frames(over: background).first?.pixels == first)
        }
        for (overWhite, overBlack) in zip(overWhite, overBlack) {
            #expect(Self.isLiftedEvenly(overWhite, from: overBlack))
        }
    }

    @Test func decodesScaledForASmallBox() throws {
        let bytes = try FormatFixtures.bytes("coffee.webp")
        let image = try ImageDecoder.decode(bytes, covering: PixelSize(width: 40, height: 20))
        // 40 across covers both (40x27); the scaled decode looks like the full one made small.
        #expect(image.width == 40 && image.height == 27)
        let small = try FormatFixtures.reference().resized(width: 40, height: 27)
        #expect(image.psnr(comparedTo: small) >= 30)
        let boxed = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 16, height: 16))
        #expect(boxed.width == 32 && boxed.height == 22)
    }

    @Test func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try FormatFixtures.bytes("coffee.webp")
        let truncated = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(truncated?.isCorrupt == true)
        // The VP8 frame header's 14-bit width and height (after "VP8 ", its size, the frame tag
        // and start code): 16383x16383 is more than a small cap allows.
        let vp8 = try #require(bytes.firstRange(of: Array("VP8 ".utf8))).lowerBound
        let huge = FormatFixtures.patched(bytes, at: vp8 + 14, with: [0xFF, 0x3F, 0xFF, 0x3F])
        #expect(throws: ImageError.tooLarge(width: 16383, height: 16383)) {
            try ImageDecoder.decode(huge, maxPixels: 1_000_000)
        }
    }
}
