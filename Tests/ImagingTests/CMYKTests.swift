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
        let small = try ImageDecoder.decode(bytes, fittingIn: (width: 25, height: 19))
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
