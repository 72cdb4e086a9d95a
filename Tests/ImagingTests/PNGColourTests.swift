import Foundation
import Testing
import TerminalVocabulary
@testable import Imaging

/// PNG values are sRGB unless the file says otherwise, and alpha is blended on those values, as
/// browsers and chafa show them (PNGs written here, `PNGChunks`).
@Suite struct PNGColourTests {
    /// One grey pixel of `value` (8-bit, or 16-bit `value * 257`), with `extra` chunks.
    static func grey(_ value: UInt8, sixteen: Bool = false, extra: [(String, [UInt8])] = []) throws -> RGB {
        let sample: [UInt8] = sixteen ? [value, value] : [value]
        let png = PNGChunks.png(width: 1, height: 1, bitDepth: sixteen ? 16 : 8, colorType: 0, rows: [sample], extra: extra)
        return try PNGCodec.decode(png)[0, 0]
    }

    @Test func sixteenBitValuesWithoutGammaAreSRGB() throws {
        // Taken as linear light, 128 * 257 came out as 186.
        #expect(try Self.grey(128, sixteen: true) == RGB(128, 128, 128))
        let png = PNGChunks.png(width: 2, height: 1, bitDepth: 16, colorType: 2,
                                rows: [[0x12, 0x34, 0x80, 0x00, 0xFF, 0xFF, 0, 0, 0x7F, 0x80, 0x01, 0x00]])
        // 16-bit to 8 rounded: 0x1234 = 4660 → 18.1, 0x8000 → 127.5 → 128, 0x7F80 → 127, 0x0100 → 1.
        #expect(try PNGCodec.decode(png).pixels == [18, 128, 255, 0, 127, 1])
    }

    @Test func gammaOneAndGammaNearSRGBAreNotApplied() throws {
        for extra in [[("gAMA", PNGChunks.gamma(1.0))], [("gAMA", PNGChunks.gamma(1 / 2.2))], [("gAMA", PNGChunks.gamma(0.46))]] {
            #expect(try Self.grey(128, extra: extra) == RGB(128, 128, 128))
            #expect(try Self.grey(128, sixteen: true, extra: extra) == RGB(128, 128, 128))
        }
    }

    @Test func anotherGammaIsAppliedUnlessTheFileSaysSRGB() throws {
        // gAMA 0.8: 128 encoded for gamma 1/0.8 is (128/255)^(1/(0.8 * 2.2)) on a 2.2 display.
        let expected = UInt8((255 * pow(128.0 / 255, 1 / (0.8 * 2.2))).rounded())
        #expect(expected > 150)
        #expect(try Self.grey(128, extra: [("gAMA", PNGChunks.gamma(0.8))]) == RGB(expected, expected, expected))
        // An sRGB chunk (rendering intent 0) or an ICC profile wins over gAMA.
        #expect(try Self.grey(128, extra: [("sRGB", [0]), ("gAMA", PNGChunks.gamma(0.8))]) == RGB(128, 128, 128))
    }

    @Test func alphaIsBlendedOnSRGBValues() throws {
        let rgba: [UInt8] = [200, 100, 50, 128, 10, 240, 90, 77]
        let png = PNGChunks.png(width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [rgba])
        for background in [RGB(0, 0, 0), RGB(10, 20, 30), RGB(255, 255, 255)] {
            let decoded = try PNGCodec.decode(png, background: background)
            let backdrop = [background.r, background.g, background.b]
            for x in 0..<2 {
                let alpha = Double(rgba[4 * x + 3]) / 255
                let expected = (0..<3).map { c in
                    UInt8((Double(rgba[4 * x + c]) * alpha + Double(backdrop[c]) * (1 - alpha)).rounded())
                }
                let got = decoded[x, 0]
                // Within one level of the exact sRGB blend (integer rounding); linear light was 15 to 31 off.
                for (value, want) in zip([got.r, got.g, got.b], expected) {
                    #expect(abs(Int(value) - Int(want)) <= 1, "pixel \(x) over \(background): \(got), not \(expected)")
                }
            }
        }
    }
}

@Suite struct PictureBackgroundTests {
    /// A 2x2 PNG, every pixel fully transparent.
    static let clear = PNGChunks.png(width: 2, height: 2, bitDepth: 8, colorType: 6,
                                     rows: [[UInt8](repeating: 0, count: 8), [UInt8](repeating: 0, count: 8)])

    @Test func transparentPixelsShowTheRenderersBackground() throws {
        for background in [RGB(0, 0, 0), RGB(255, 255, 255), RGB(40, 50, 60)] {
            #expect(try ImageDecoder.decode(Self.clear, fittingIn: PixelSize(width: 2, height: 2), background: background)[1, 1] == background)
            #expect(try ImageDecoder.decode(Self.clear, filling: PixelSize(width: 2, height: 2), background: background)[0, 0] == background)
            let renderer = PictureRenderer(mode: .halfblock, cell: PixelSize(width: 10, height: 20), depth: .trueColor,
                                           background: background)
            let lines = try renderer.render(Self.clear, cells: CellSize(columns: 2, rows: 1), fit: .crop).lines.joined()
            #expect(lines.contains("\(background.r);\(background.g);\(background.b)m"), "\(lines.debugDescription)")
        }
    }
}
