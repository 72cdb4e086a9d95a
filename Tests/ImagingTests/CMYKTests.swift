import TerminalVocabulary
import Testing
import ImagingTestSupport
@testable import Imaging

/// CMYK and YCCK JPEGs with inverted inks and an Adobe marker, as Photoshop and ImageMagick write
/// them (Fixtures/make-cmyk-fixtures.sh): decoded to the RGB picture their inks were made from.
@Suite struct CMYKTests {
    static let reference = (try? PNGCodec.decode(OrientationTests.fixture("cmyk-reference.png")))
        ?? RGBImage(width: 0, height: 0, pixels: [])

    @Test(arguments: ["cmyk.jpg", "ycck.jpg", "cmyk-imagemagick.jpg"])
    func decodesToItsPicture(name: String) throws {
        let bytes = try OrientationTests.fixture(name)
        let decoded = try ImageDecoder.decode(bytes)
        #expect((decoded.width, decoded.height) == (101, 75))
        #expect(decoded.psnr(comparedTo: Self.reference) >= 30, "\(name)")
        // At a reduced scale as well, as thumbnails are made.
        let small = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 25, height: 19))
        #expect(small.width < 101)
        #expect(small.aspectFit(width: 25, height: 19).psnr(comparedTo: Self.reference.aspectFit(width: 25, height: 19)) >= 30)
    }

    /// Without an Adobe marker, values are ink amounts: all zero is white, not black.
    @Test func plainInksWithoutAnAdobeMarkerAreNotInverted() throws {
        var bytes = try OrientationTests.fixture("cmyk.jpg")
        let adobe = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xEE })
        bytes[adobe + 1] = 0xEF  // APP15: the marker is no longer Adobe's
        // Read as amounts, the inverted inks make something like the picture's negative.
        #expect(try ImageDecoder.decode(bytes).psnr(comparedTo: Self.reference) < 15)
    }
}

/// Chroma subsamplings libjpeg-turbo decodes, however unusual (Fixtures/make-subsampling-fixtures.sh):
/// each decodes, in full and at a reduced scale, to its picture.
@Suite struct UnusualSubsamplingTests {
    @Test(arguments: ["sampled-1x4.jpg", "sampled-3x1.jpg", "sampled-4x2.jpg", "sampled-2x3.jpg", "sampled-chroma-finer.jpg"])
    func decodes(name: String) throws {
        let bytes = try OrientationTests.fixture(name)
        let decoded = try ImageDecoder.decode(bytes)
        #expect((decoded.width, decoded.height) == (101, 75))
        // 27 dB, not 30: chroma sampled finer than luma is luma sampled coarser (28 dB).
        #expect(decoded.psnr(comparedTo: CMYKTests.reference) >= 27, "\(name)")
        // 4/8 and 2/8 scale.
        for box in [PixelSize(width: 13, height: 10), PixelSize(width: 6, height: 5)] {
            let small = try ImageDecoder.decode(bytes, fittingIn: box)
            #expect(small.width < 101)
            let reference = CMYKTests.reference.aspectFit(width: box.width, height: box.height)
            #expect(small.aspectFit(width: box.width, height: box.height).psnr(comparedTo: reference) >= 27, "\(name) in \(box)")
        }
    }
}
