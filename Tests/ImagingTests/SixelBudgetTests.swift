import Foundation
import Testing
import TestSupport
@testable import Imaging
import ImagingTestSupport

/// `SixelBudget`: which pictures get fewer registers, how far, and which are left alone.
@Suite struct SixelBudgetTests {
    /// Rings of one green ramp with grain, as a fractal's border or a plasma has: Wu spreads the
    /// registers along the ramp, and the grain makes neighbouring pixels cross between them.
    /// Without grain the picture has few enough colours to be sent in its own.
    static func rings(grain: Int, period: Double = 5, width: Int = 200, height: Int = 120) -> RGBImage {
        let noise = TestImages.noise(width: width, height: height, seed: 5)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let level = 127.5 + 127 * sin(hypot(Double(x) - 70, Double(y) - 50) / period)
                for (channel, value) in [level / 3, level, level / 2 + 40].enumerated() {
                    let i = (y * width + x) * 3 + channel
                    let jitter = grain > 0 ? Int(noise.pixels[i]) % grain - grain / 2 : 0
                    pixels[i] = UInt8(clamping: Int(value) + jitter)
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The picture as the encoder wrote it before the budget: the default palette, pruned.
    static func unbudgeted(_ image: RGBImage) -> (bytes: [UInt8], bandBytes: Int) {
        SixelEncoder.write(AdaptiveQuantizer.index(image, colors: 256, quantizedColors: SixelEncoder.quantizedRegisters),
                           of: image)
    }

    static func budget(of image: RGBImage, _ budget: SixelBudget = SixelBudget()) -> Int {
        Int(budget.bandBytesPerPixel * Double(image.width * image.height))
    }

    @Test func aBusyPictureIsHeldUnderTheBudget() throws {
        let image = Self.rings(grain: 8)
        let before = Self.unbudgeted(image)
        #expect(before.bandBytes > Self.budget(of: image) * 3 / 2, "\(before.bandBytes) band bytes: not busy enough to test")
        let budgeted = SixelBudget().encode(image, registers: 256, quantizedRegisters: SixelEncoder.quantizedRegisters)
        #expect(budgeted.bandBytes <= Self.budget(of: image), "\(budgeted.bandBytes) band bytes")
        #expect(try SixelEncoder.encode(image) == budgeted.bytes)
        let decoded = try SixelDecoder.decode(budgeted.bytes)
        #expect(decoded.width == image.width && decoded.height == image.height)
        let lost = try SixelDecoder.decode(before.bytes).psnr(comparedTo: image) - decoded.psnr(comparedTo: image)
        #expect(lost > 0 && lost < 3, "\(lost) dB lost")
    }

    @Test func aCalmPictureIsEncodedExactlyAsBefore() throws {
        let gradient = RGBImage(width: 200, height: 120, pixels: (0..<200 * 120 * 3).map { i in
            let (x, y, channel) = (i / 3 % 200, i / 600, i % 3)
            return UInt8(channel == 0 ? x : channel == 1 ? 2 * y : 255 - x)
        })
        let before = Self.unbudgeted(gradient)
        #expect(before.bandBytes < Self.budget(of: gradient) && !AdaptiveQuantizer.index(gradient, colors: 256, quantizedColors: 160).meanSquaredErrorByRegisters.isEmpty)
        #expect(try SixelEncoder.encode(gradient) == before.bytes)
    }

    @Test(.enabled(if: !SixelPruningTests.thumbnails.isEmpty, SharedPhotos.absent))
    func realPhotosAreEncodedExactlyAsBefore() throws {
        // The budget is above what quantised photos need; brick, in its own greys, is over it
        // and stays exact. Every thumbnail is written as it was.
        for image in SixelPruningTests.thumbnails {
            let before = Self.unbudgeted(image)
            let exact = AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 160).meanSquaredError == 0
            #expect(exact || before.bandBytes <= Self.budget(of: image) * 95 / 100, "\(image): \(before.bandBytes) band bytes")
            #expect(try SixelEncoder.encode(image) == before.bytes, "\(image)")
        }
    }

    @Test func aPictureInItsOwnColoursStaysExactOverTheBudget() throws {
        // Without grain the rings have fewer than 256 colours: far over the budget, and exact.
        let image = Self.rings(grain: 0)
        let before = Self.unbudgeted(image)
        #expect(AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 160).meanSquaredError == 0)
        #expect(before.bandBytes > 2 * Self.budget(of: image))
        #expect(try SixelEncoder.encode(image) == before.bytes)
    }

    @Test func theQualityGivenUpStopsAtTheFloor() throws {
        // A budget no palette within twice the error meets: registers go down only that far, so
        // the picture loses about 3 dB (the pruning's share grows with the palette's error too).
        let image = Self.rings(grain: 8)
        let tight = SixelBudget(bandBytesPerPixel: 0.2)
        let budgeted = tight.encode(image, registers: 256, quantizedRegisters: SixelEncoder.quantizedRegisters)
        let before = Self.unbudgeted(image)
        #expect(budgeted.bandBytes < before.bandBytes && budgeted.bandBytes > Self.budget(of: image, tight))
        let lost = try SixelDecoder.decode(before.bytes).psnr(comparedTo: image)
            - SixelDecoder.decode(budgeted.bytes).psnr(comparedTo: image)
        #expect(lost > 1.5 && lost < 3.5, "\(lost) dB lost")
    }

    @Test func theErrorOfFewerRegistersIsKnownBeforeQuantisingAgain() {
        // What the budget weighs: the error each smaller palette would have, from the splits of
        // the first, against the error of quantising to that many registers.
        let image = Self.rings(grain: 16)
        let errors = AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 160).meanSquaredErrorByRegisters
        #expect(errors.count == 160 && zip(errors, errors.dropFirst()).allSatisfy { $0 >= $1 })
        for count in [16, 48, 96, 140] {
            let real = AdaptiveQuantizer.index(image, colors: 256, quantizedColors: count).meanSquaredError
            #expect(abs(errors[count - 1] - real) < 0.08 * real, "\(count) registers: \(errors[count - 1]) against \(real)")
        }
    }
}
