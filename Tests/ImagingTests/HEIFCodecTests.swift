import TerminalEnvironment
import Testing
@testable import Imaging
import ImagingTestSupport

/// The tests run in a dynamically linked process, where libheif loads.
@Suite struct HEIFCodecTests {
    @Test(arguments: ["coffee.heic", "coffee.avif"])
    func decodesCloseToTheSourcePhoto(_ name: String) throws {
        #expect(HEIFCodec.isAvailable)
        let image = try ImageDecoder.decode(FormatFixtures.bytes(name))
        #expect(image.width == 160 && image.height == 107)
        #expect(image.psnr(comparedTo: try FormatFixtures.reference()) >= 30)
    }

    @Test func decodesTheEmbeddedThumbnailWhenItCoversTheBox() throws {
        let bytes = try FormatFixtures.bytes("coffee-thumbnail.heic")
        let thumbnail = try ImageDecoder.decode(bytes, covering: PixelSize(width: 24, height: 16))
        #expect(thumbnail.width == 32 && thumbnail.height == 20)
        // The file's own thumbnail (heif-enc's, cropped its own way), as libheif's thumbnailer shows it.
        #expect(thumbnail.psnr(comparedTo: try FormatFixtures.reference("coffee-thumbnail-heic.png")) >= 40)
        let primary = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 40, height: 30))
        #expect(primary.width == 160)
        #expect(try ImageDecoder.decode(bytes, covering: PixelSize(width: 40, height: 16)).width == 160)
    }

    @Test func exifOrientationIsNotAppliedOnTopOfHEIFs() throws {
        // Stored 107x160 with an Exif Orientation of 6 and no irot box: HEIF shows it as stored.
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-exif6.heic"))
        #expect(image.width == 107 && image.height == 160)
        #expect(image.transposed(acrossAntiDiagonal: true).psnr(comparedTo: try FormatFixtures.reference()) < 20)
        #expect(image.transposed().psnr(comparedTo: try FormatFixtures.reference()) < 20)
    }

    @Test func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try FormatFixtures.bytes("coffee.heic")
        for damaged in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(40))] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            #expect(error?.isCorrupt == true)
            #expect(!"\(error!)".contains("\n"))
        }
        #expect(throws: ImageError.tooLarge(width: 160, height: 107)) { try ImageDecoder.decode(bytes, maxPixels: 10_000) }
    }
}
