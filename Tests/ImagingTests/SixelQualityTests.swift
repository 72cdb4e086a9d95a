import TerminalVocabulary
import Foundation
import Testing
import TestSupport
@testable import Imaging
import ImagingTestSupport

/// Keeps the measured reasons for `SixelEncoder.quantizedRegisters` true: if libsixel or our tuning
/// changes so that they no longer hold, the choice has to be measured again.
@Suite struct SixelQualityTests {
    static let thumbnails: [RGBImage] = ImageDecoderTests.photos.compactMap { path in
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else { return nil }
        return try? ImageDecoder.decode(bytes, covering: PixelSize(width: 48, height: 96)).aspectFill(width: 48, height: 96)
    }

    /// Mean PSNR of encodings decoded back against the thumbnails, and their mean size in bytes.
    static func measure(_ encode: (RGBImage) throws -> [UInt8]) throws -> (psnr: Double, bytes: Double) {
        var psnr = 0.0, bytes = 0.0
        for image in thumbnails {
            let encoded = try encode(image)
            psnr += try SixelDecoder.decode(encoded).psnr(comparedTo: image)
            bytes += Double(encoded.count)
        }
        return (psnr / Double(thumbnails.count), bytes / Double(thumbnails.count))
    }

    @Test(.enabled(if: !thumbnails.isEmpty, SharedPhotos.absent))
    func defaultBeatsTheAlternativesOnRealThumbnails() throws {
        // The palette's size is chosen undithered: dithering trades some PSNR for gradients
        // without bands (`SixelDitherTests`), whatever the palette.
        func undithered(_ registers: Int) -> (RGBImage) -> [UInt8] {
            { SixelBudget(dither: nil).encode($0, registers: 256, quantizedRegisters: registers).bytes }
        }
        let chosen = try Self.measure(undithered(SixelEncoder.quantizedRegisters))
        #expect(chosen.psnr > 36, "default palette: \(chosen.psnr) dB")
        // libsixel, as we used it before: ours is better at no more bytes, dithered too.
        let libsixel = try Self.measure(LibsixelReferenceEncoder.encode)
        #expect(chosen.psnr > libsixel.psnr + 1, "\(chosen) vs libsixel \(libsixel)")
        #expect(chosen.bytes < libsixel.bytes * 1.05, "\(chosen) vs libsixel \(libsixel)")
        let dithered = try Self.measure { try SixelEncoder.encode($0) }
        #expect(dithered.psnr > libsixel.psnr && dithered.bytes < libsixel.bytes, "\(dithered) vs libsixel \(libsixel)")
        #expect(chosen.psnr > (try Self.measure { XtermPalette.sixel($0) }).psnr + 5)
        // All 256 registers would be better still, but cost a fifth more bytes.
        let all = try Self.measure(undithered(256))
        #expect(all.psnr > chosen.psnr && all.bytes > chosen.bytes * 1.1, "\(all) vs \(chosen)")
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
