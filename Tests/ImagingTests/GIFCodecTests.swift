import TerminalVocabulary
import Testing
@testable import Imaging
import ImagingTestSupport

@Suite struct GIFCodecTests {
    @Test func decodesAnInterlacedPhotoAsImageMagickDoes() throws {
        let bytes = try FormatFixtures.bytes("coffee.gif")
        let image = try ImageDecoder.decode(bytes)
        #expect(image == (try FormatFixtures.reference("coffee-gif.png")))
        // 256 colours, dithered: still close to the photo.
        #expect(image.psnr(comparedTo: try FormatFixtures.reference()) >= 30)
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 160, height: 107))
    }

    @Test func composesAFrameSmallerThanTheScreenWithTransparency() throws {
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-framed.gif"))
        #expect(image == (try FormatFixtures.reference("coffee-framed-gif.png")))
        #expect(image[39, 29] == RGB(0, 0, 0) && image[40 + 29, 30 + 19] == RGB(0, 0, 0))
        #expect(image[40 + 31, 30 + 21] != RGB(0, 0, 0))
    }

    /// What the frame does not cover and its transparent pixels show the background given (the
    /// theme's), as PNG's alpha does; the frame's own pixels are the same over any.
    @Test func transparencyShowsTheBackgroundItIsGiven() throws {
        let bytes = try FormatFixtures.bytes("coffee-framed.gif")
        let white = RGB(255, 255, 255), black = RGB(0, 0, 0)
        let overBlack = try ImageDecoder.decode(bytes)
        let overWhite = try ImageDecoder.decode(bytes, background: white)
        // Outside the 80x50 frame at (40, 30), then its transparent 30x20 corner, then its pixels.
        #expect(overWhite[39, 29] == white && overWhite[159, 106] == white && overWhite[40 + 29, 30 + 19] == white)
        #expect(overWhite[40 + 31, 30 + 21] == overBlack[40 + 31, 30 + 21] && overBlack[40 + 31, 30 + 21] != black)
        var whitened = 0, otherwise = 0
        for y in 0..<overBlack.height {
            for x in 0..<overBlack.width where overWhite[x, y] != overBlack[x, y] {
                if overBlack[x, y] == black && overWhite[x, y] == white { whitened += 1 } else { otherwise += 1 }
            }
        }
        #expect(otherwise == 0)
        #expect(whitened == 160 * 107 - 80 * 50 + 30 * 20)
        let greyish = RGB(40, 50, 60)
        #expect(try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 160, height: 107), background: greyish)[0, 0] == greyish)
    }

    @Test func aClearedFrameShowsTheBackground() throws {
        let white = RGB(255, 255, 255)
        var screens: [RGBImage] = []
        try ImageDecoder.forEachFrame(FormatFixtures.bytes("disposal.gif"), background: white) { screen, _ in
            screens.append(screen)
            return true
        }
        #expect(screens.count == 4)
        guard screens.count == 4 else { return }
        // The blue 4x3 frame at (2, 1), cleared when the third is drawn.
        #expect(screens[1][2, 1] == RGB(0, 0, 255))
        #expect([screens[2][2, 1], screens[2][5, 3], screens[3][2, 1]] == [white, white, white])
        #expect(screens[2][7, 5] == RGB(255, 0, 0))
    }

    @Test func framesAreDisposedOfAsTheySay() throws {
        var screens: [(RGBImage, Int)] = []
        try GIFCodec.forEachFrame(FormatFixtures.bytes("disposal.gif")) { screens.append(($0, $1)); return true }
        #expect(screens.map(\.1) == [50, 70, 100, 50])
        let red = RGB(255, 0, 0), blue = RGB(0, 0, 255), black = RGB(0, 0, 0)
        let green = RGB(0, 255, 0), yellow = RGB(255, 255, 0)
        #expect(screens.count == 4)
        guard screens.count == 4 else { return }
        func colours(_ screen: Int, _ points: [(Int, Int)]) -> [RGB] { points.map { screens[screen].0[$0.0, $0.1] } }
        #expect(colours(0, [(0, 0), (7, 5), (3, 2)]) == [red, red, red])
        #expect(colours(1, [(2, 1), (5, 3), (1, 1), (6, 1)]) == [blue, blue, red, red])
        // The blue frame cleared to black, the green one drawn over the red.
        #expect(colours(2, [(2, 1), (5, 3), (0, 0), (1, 1), (7, 5)]) == [black, black, green, green, red])
        // The green frame put back to what was under it (red), the yellow one drawn.
        #expect(colours(3, [(0, 0), (2, 1), (6, 4), (7, 5), (5, 5)]) == [red, black, yellow, yellow, red])
        var shown = 0
        try GIFCodec.forEachFrame(FormatFixtures.bytes("disposal.gif")) { _, _ in shown += 1; return shown < 2 }
        #expect(shown == 2)
    }

    @Test func aDamagedLaterFrameEndsTheAnimationThere() throws {
        let bytes = try FormatFixtures.bytes("disposal.gif")
        var shown = 0
        try GIFCodec.forEachFrame(Array(bytes.prefix(bytes.count - 12))) { _, _ in shown += 1; return true }
        #expect((1...3).contains(shown))
    }

    @Test func interlacedRowsComeInTheirFourPasses() {
        #expect(GIFFile.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(GIFFile.rowOrder(height: 3, interlaced: false) == [0, 1, 2])
    }

    @Test func refusesBombsBeforeAllocating() throws {
        let bytes = try FormatFixtures.bytes("coffee.gif")
        // The logical screen, then the frame (its descriptor after the 256-colour table), made 65535 a side.
        let screen = FormatFixtures.patched(bytes, at: 6, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageError.tooLarge(width: 65535, height: 65535)) { try ImageDecoder.decode(screen) }
        let bigScreen = FormatFixtures.patched(bytes, at: 6, with: [0x10, 0x27, 0x10, 0x27])
        #expect((#expect(throws: ImageError.self) { try ImageDecoder.decode(bigScreen) })?.isCorrupt == true)
        let descriptor = Self.firstImageDescriptor(in: bytes)
        #expect(bytes[descriptor] == 0x2C)
        let frame = FormatFixtures.patched(bytes, at: descriptor + 5, with: [0x10, 0x27, 0x10, 0x27])  // 10000x10000
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(frame) }
        #expect(error?.isCorrupt == true)
        #expect("\(error!)".contains("10000x10000"))
    }

    @Test func aScreenTooLargeForTheBudgetIsComposedFromEveryFewPixels() throws {
        // 8000 x 8000: three canvases of 3 bytes a pixel would be 576 MB, past the budget, so every
        // 2nd pixel of each frame is kept, on a screen of 4000 x 4000.
        let gif = FlatGIF.make(width: 8000, height: 8000, frames: [
            .init(width: 8000, height: 8000, index: 0), .init(left: 3, top: 5, width: 7, height: 9, index: 1),
        ])
        #expect(gif.count < 40_000)
        var screens: [RGBImage] = []
        try GIFCodec.forEachFrame(gif) { screen, _ in
            screens.append(screen)
            return true
        }
        #expect(screens.map { "\($0.width)x\($0.height)" } == ["4000x4000", "4000x4000"])
        let red = RGB(255, 0, 0), blue = RGB(0, 0, 255)
        #expect(screens.first?[0, 0] == red && screens.first?[3999, 3999] == red)
        // The second frame's columns 4, 6, 8 and rows 6, 8, 10, 12 of the screen: 2 to 4 across and
        // 3 to 6 down on the smaller one, the first frame's red around them.
        for y in 2...7 {
            for x in 1...5 {
                let inside = (2...4).contains(x) && (3...6).contains(y)
                #expect(screens.last?[x, y] == (inside ? blue : red), "(\(x), \(y))")
            }
        }
    }

    @Test func aFrameOfLZWCodesWiderThanGiflibReadsIsRefusedSayingSo() throws {
        let gif = FlatGIF.elevenBitCodes()
        #expect(throws: ImageError.corrupt("GIF frame coded with 11-bit LZW codes, which giflib does not read")) {
            try ImageDecoder.decode(gif)
        }
    }

    /// Where the first image descriptor starts: after the screen descriptor, the global colour
    /// table and the extensions before the frame.
    static func firstImageDescriptor(in gif: [UInt8]) -> Int {
        var offset = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
        while gif[offset] == 0x21 {
            offset += 2
            while gif[offset] != 0 { offset += Int(gif[offset]) + 1 }
            offset += 1
        }
        return offset
    }

    @Test func truncatedAndDamagedAreOneLineErrors() throws {
        let bytes = try FormatFixtures.bytes("coffee.gif")
        for damaged in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(20)), Array("GIF89a".utf8)] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            #expect(error?.isCorrupt == true)
            #expect(!"\(error!)".contains("\n"))
        }
    }
}
