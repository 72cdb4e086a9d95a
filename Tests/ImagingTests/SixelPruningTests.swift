import Foundation
import TerminalVocabulary
import Testing
import TestSupport
@testable import Imaging
import ImagingTestSupport

/// `SixelPruning`: which stretches of colour the writer gives away, for how much error, and what
/// that buys on real photos.
@Suite struct SixelPruningTests {
    @Test func theBytesAStretchCostsBeyondTheGapThatReplacesIt() {
        // Alone in its band: `#n`, the move to it, its character.
        #expect(SixelBand.bytesSaved(length: 1, gapBefore: -1, gapAfter: -1) == SixelPruning.selectionBytes + 1)
        // First or last: its characters and the gap on the other side (`!5?`, 3 bytes).
        #expect(SixelBand.bytesSaved(length: 1, gapBefore: -1, gapAfter: 5) == 4)
        #expect(SixelBand.bytesSaved(length: 2, gapBefore: 10, gapAfter: -1) == 6)
        // Between gaps of one, `?A?` becomes `???`: nothing saved.
        #expect(SixelBand.bytesSaved(length: 1, gapBefore: 1, gapAfter: 1) == 0)
        // `!5?A!5?` (7 bytes) becomes `!11?` (4).
        #expect(SixelBand.bytesSaved(length: 1, gapBefore: 5, gapAfter: 5) == 3)
    }

    /// 30x6 of `background`, with `speck` at column 15, row 2, where the original pixel was `was`.
    static func speck(_ speck: RGB, was: RGB, background: RGB = RGB(100, 100, 100)) -> (IndexedImage, RGBImage) {
        let indices = (0..<180).map { $0 == 2 * 30 + 15 ? UInt8(1) : 0 }
        let original = TestImages.image((0..<6).map { y in (0..<30).map { x in x == 15 && y == 2 ? was : background } })
        return (IndexedImage(width: 30, height: 6, registers: [background, speck], indices: indices), original)
    }

    @Test func aSpeckIsGivenToItsColumnWhenTheErrorIsWorthTheBytes() throws {
        // The speck's pixel (106, 100, 100) is 4 levels from its register (110, 100, 100): 16;
        // from the grey around it, 36. Alone in its band it costs 7 bytes: at 3 per byte (21)
        // the 20 more squared error is worth it, at 2 (14) it is not.
        let (image, original) = Self.speck(RGB(110, 100, 100), was: RGB(106, 100, 100))
        let pruned = SixelWriter.write(image, pruning: (original, 3))
        #expect(SixelRegisters(pruned).defined == [0] && SixelRegisters(pruned).selected == [0])
        #expect(try SixelDecoder.decode(pruned)[15, 2] == SixelDecoder.decode(pruned)[0, 0])
        #expect(pruned.count < SixelWriter.write(image).count)
        let kept = SixelWriter.write(image, pruning: (original, 2))
        #expect(kept == SixelWriter.write(image))
        #expect(SixelRegisters(kept).selected == [0, 1])
    }

    @Test func aSpeckFarFromItsNeighboursStays() {
        let (image, original) = Self.speck(RGB(250, 0, 0), was: RGB(250, 0, 0))
        #expect(SixelWriter.write(image, pruning: (original, 1000)) == SixelWriter.write(image))
    }

    @Test func aColourAloneInItsColumnsStays() {
        // Column 15 is all speck: there is no other colour there to give it to.
        let indices = (0..<180).map { $0 % 30 == 15 ? UInt8(1) : 0 }
        let image = IndexedImage(width: 30, height: 6, registers: [RGB(100, 100, 100), RGB(101, 100, 100)], indices: indices)
        let original = TestImages.image((0..<6).map { _ in (0..<30).map { $0 == 15 ? RGB(101, 100, 100) : RGB(100, 100, 100) } })
        #expect(SixelWriter.write(image, pruning: (original, 1000)) == SixelWriter.write(image))
    }

    @Test func anImageInItsOwnColoursIsNotPruned() throws {
        // Exact registers have no error to trade: the picture comes back as it was.
        let image = SixelWriterTests.greyWithTwoDots
        #expect(AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 160).meanSquaredError == 0)
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(image))
        #expect(zip(decoded.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test func aNoisyGradientLosesMoreBytesThanQuality() throws {
        // Noise over a gradient: the palette's boxes flicker along every band.
        let noise = TestImages.noise(width: 120, height: 60, seed: 9)
        let image = RGBImage(width: 120, height: 60, pixels: (0..<120 * 60 * 3).map { i in
            let (x, y, channel) = (i / 3 % 120, i / 360, i % 3)
            let base = channel == 0 ? 2 * x : channel == 1 ? 4 * y : 255 - x
            return UInt8(clamping: base + Int(noise.pixels[i] % 16))
        })
        let indexed = AdaptiveQuantizer.index(image, colors: 256, quantizedColors: SixelEncoder.quantizedRegisters)
        let whole = SixelWriter.write(indexed), pruned = try SixelEncoder.encode(image)
        let lost = try SixelDecoder.decode(whole).psnr(comparedTo: image) - SixelDecoder.decode(pruned).psnr(comparedTo: image)
        #expect(Double(pruned.count) < 0.85 * Double(whole.count), "\(pruned.count) bytes against \(whole.count)")
        #expect(lost < 1, "\(lost) dB lost")
    }

    static let thumbnails: [RGBImage] = ImageDecoderTests.photos.compactMap { path in
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else { return nil }
        return try? ImageDecoder.decode(bytes, covering: PixelSize(width: 240, height: 160)).aspectFit(width: 240, height: 160)
    }

    @Test(.enabled(if: !thumbnails.isEmpty, SharedPhotos.absent))
    func realThumbnailsAreSmallerAtTheQualityOfTheUnprunedPalette() throws {
        // The yardstick: 128 registers written without pruning, the palette this encoder had
        // before. Pruned with 160 registers: a tenth or more fewer bytes (a fifth against the
        // writer of the time, which painted no colour over another), as good on the whole, none
        // of the photos much worse; and far smaller than libsixel's.
        var ours = (bytes: 0.0, psnr: 0.0), before = (bytes: 0.0, psnr: 0.0), libsixel = 0.0
        for image in Self.thumbnails {
            let encoded = try SixelEncoder.encode(image)
            let unpruned = SixelWriter.write(AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 128))
            let psnr = try SixelDecoder.decode(encoded).psnr(comparedTo: image)
            let unprunedPSNR = try SixelDecoder.decode(unpruned).psnr(comparedTo: image)
            #expect(psnr > unprunedPSNR - 0.6, "\(image): \(psnr) dB against \(unprunedPSNR)")
            ours.bytes += Double(encoded.count); ours.psnr += psnr
            before.bytes += Double(unpruned.count); before.psnr += unprunedPSNR
            libsixel += Double(try LibsixelReferenceEncoder.encode(image).count)
        }
        #expect(ours.bytes < 0.9 * before.bytes, "\(ours.bytes) bytes against \(before.bytes) unpruned")
        #expect(ours.psnr > before.psnr - 0.05 * Double(Self.thumbnails.count), "\(ours.psnr) dB against \(before.psnr) (sums)")
        #expect(ours.bytes < 0.85 * libsixel, "\(ours.bytes) bytes against libsixel's \(libsixel)")
    }
}
