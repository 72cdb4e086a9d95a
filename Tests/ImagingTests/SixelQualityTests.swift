import Foundation
import Testing
@testable import Imaging

/// Keeps the measured reasons for `SixelEncoder.defaultPalette` true: if libsixel or our tuning
/// changes so that they no longer hold, the choice has to be measured again.
@Suite struct SixelQualityTests {
    static let thumbnails: [RGBImage] = ImageDecoderTests.photos.compactMap { path in
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else { return nil }
        return try? ImageDecoder.decode(bytes, covering: (width: 48, height: 96)).aspectFill(width: 48, height: 96)
    }

    /// Mean PSNR of the sixel encodings decoded back against the thumbnails.
    static func meanPSNR(_ palette: SixelPalette, _ tuning: SixelEncoder.Tuning = .init()) throws -> Double {
        var total = 0.0
        for image in thumbnails {
            let bytes = try SixelEncoder.encode(image, palette: palette, tuning: tuning, padToSixRows: false,
                                                background: RGB(0, 0, 0))
            total += try SixelDecoder.decode(bytes).psnr(comparedTo: image)
        }
        return total / Double(thumbnails.count)
    }

    @Test(.enabled(if: !thumbnails.isEmpty, "no *-1080.jpg photos in /work/shared/photos"))
    func defaultBeatsTheAlternativesOnRealThumbnails() throws {
        let chosen = try Self.meanPSNR(SixelEncoder.defaultPalette)
        #expect(chosen > 35, "default palette: \(chosen) dB")
        #expect(chosen > (try Self.meanPSNR(.xterm256)) + 5)
        var uncentred = SixelEncoder.Tuning()
        uncentred.centreRegisters = false
        #expect(chosen > (try Self.meanPSNR(.adaptive(colors: 256), uncentred)) + 0.5)
        var diffused = SixelEncoder.Tuning()
        diffused.diffusion = .floydSteinberg
        #expect(chosen > (try Self.meanPSNR(.adaptive(colors: 256), diffused)))
    }

    @Test func psnrOfAKnownDifference() {
        let black = RGBImage(width: 3, height: 2, filledWith: RGB(0, 0, 0))
        #expect(black.psnr(comparedTo: black) == .infinity)
        // Every channel off by 10: MSE 100, 10 * log10(255² / 100) = 28.1308 dB.
        let psnr = black.psnr(comparedTo: RGBImage(width: 3, height: 2, filledWith: RGB(10, 10, 10)))
        #expect(abs(psnr - 28.1308) < 0.0001)
    }

    @Test func decoderRejectsWhatIsNotASixelImage() {
        #expect(throws: ImageError.empty) { try SixelDecoder.decode([]) }
        #expect(throws: ImageError.unsupportedFormat) { try SixelDecoder.decode(Array("hello".utf8)) }
    }
}
