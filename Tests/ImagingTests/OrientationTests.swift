import Foundation
import ImagingTestSupport
import TerminalVocabulary
import TestSupport
import Testing
@testable import Imaging

/// The fixtures (Fixtures/make-orientation-fixtures.sh): a photo at 203x149, stored for each Exif
/// orientation so that the tag turns it upright. Decoded, each must be the upright picture.
@Suite struct OrientationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func fixture(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))) }
    static let upright = (try? PNGCodec.decode(fixture("upright.png"))) ?? RGBImage(width: 0, height: 0, pixels: [])

    @Test(arguments: 1...8)
    func everyOrientationDecodesUpright(tag: Int) throws {
        let bytes = try Self.fixture("orientation-\(tag).jpg")
        let decoded = try ImageDecoder.decode(bytes)
        #expect((decoded.width, decoded.height) == (203, 149))
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 203, height: 149))
        #expect(decoded.psnr(comparedTo: Self.upright) >= 30, "orientation \(tag)")
    }

    /// Decoded for a box at a reduced scale (2/8 of 203x149 ends in a partial pixel both ways),
    /// then fitted: the same size and picture as the upright reference fitted.
    @Test(arguments: 1...8)
    func everyOrientationFitsABoxUpright(tag: Int) throws {
        let bytes = try Self.fixture("orientation-\(tag).jpg")
        let decoded = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 30, height: 40))
        #expect(decoded.width < 203 && decoded.height < 149, "a reduced decode")
        let fitted = decoded.aspectFit(width: 30, height: 40)
        let reference = Self.upright.aspectFit(width: 30, height: 40)
        #expect((fitted.width, fitted.height) == (reference.width, reference.height))
        #expect(fitted.psnr(comparedTo: reference) >= 30, "orientation \(tag)")
    }

    /// The reduced decode covers twice the upright picture's fitted size, not the stored one's:
    /// fitted in 100x10, the upright 203x149 is 14x10, and the decode covers 27x20 (2/8 scale),
    /// where sizing by the stored 149x203 would pick 1/8 (25x18 upright), too small.
    @Test(arguments: [6, 8])
    func aPictureStoredSidewaysIsDecodedForItsUprightSize(tag: Int) throws {
        let decoded = try ImageDecoder.decode(Self.fixture("orientation-\(tag).jpg"), fittingIn: PixelSize(width: 100, height: 10))
        let needed = ImageDecoder.decodeSize(of: PixelSize(width: 203, height: 149), for: PixelSize(width: 100, height: 10), filling: false)
        #expect(needed == PixelSize(width: 27, height: 20))
        #expect(decoded.width >= needed.width && decoded.height >= needed.height, "\(decoded)")
    }

    @Test func aPNGsEXIfChunkIsApplied() throws {
        let bytes = try Self.fixture("orientation-6.png")
        let decoded = try ImageDecoder.decode(bytes)
        #expect((decoded.width, decoded.height) == (203, 149))
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 203, height: 149))
        #expect(decoded.psnr(comparedTo: Self.upright) == .infinity)
        #expect(PhotoMetadata(reading: bytes).dateTaken?.description == "2019-03-04 05:06:07")
    }

    /// cwebp's WebP of orientation-6.jpg, its Exif kept in an EXIF chunk: upright, like the JPEG.
    @Test func aWebPsEXIFChunkIsApplied() throws {
        let bytes = try Self.fixture("orientation-6.webp")
        let decoded = try ImageDecoder.decode(bytes)
        #expect((decoded.width, decoded.height) == (203, 149))
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 203, height: 149))
        #expect(decoded.psnr(comparedTo: Self.upright) >= 30)
        let fitted = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 40, height: 30)).aspectFit(width: 40, height: 30)
        #expect(fitted.psnr(comparedTo: Self.upright.aspectFit(width: 40, height: 30)) >= 30)
        #expect(PhotoMetadata(reading: bytes).dateTaken?.description == "2021-07-06 10:11:12")
    }

    @Test func aRealPhotoTurnedSidewaysByTheRendererIsUpright() throws {
        let stored = try Self.fixture("orientation-8.jpg")
        let renderer = PictureRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        let picture = try renderer.render(stored, cells: CellSize(columns: 20, rows: 10), fit: .contain)
        // 203x149 upright in 200x200 pixels: 200 wide, 147 high, so 20 columns and 8 rows.
        #expect((picture.columns, picture.rows) == (20, 8))
    }

    /// Resizing commutes with turning, partial first and last pixels included: the turned image's
    /// resize is the resize turned, to the byte (area sums are exact integers).
    @Test(arguments: ImageOrientation.allCases)
    func partialPixelsFollowTheTurn(orientation: ImageOrientation) {
        var image = TestImages.noise(width: 13, height: 9, seed: 11)
        image.lastColumnEighths = 3
        image.lastRowEighths = 5
        let (w, h) = (5, 4)
        let turnedSize = orientation.upright(PixelSize(width: w, height: h))
        let turned = image.oriented(orientation)
        #expect(turned.widthEighths == orientation.upright(PixelSize(width: image.widthEighths, height: image.heightEighths)).width)
        #expect(turned.resized(width: turnedSize.width, height: turnedSize.height)
                == image.resized(width: w, height: h).oriented(orientation))
    }
}

/// A 4000 px photo stored turned (ImageMagick) and tagged: decoded for a thumbnail at 1/8 (the DC
/// decoder's scale, its 2667 rows ending in a partial pixel), each is the upright photo's thumbnail.
@Suite struct LargePhotoOrientationTests {
    @Test(.enabled(if: SharedPhotos.has("coffee-4000.jpg") && ImageMagick.isInstalled, SharedPhotos.absent),
          arguments: [(3, "180"), (6, "270"), (8, "90")])
    func aTurnedLargePhotoMakesTheUprightThumbnail(tag: Int, rotation: String) throws {
        let upright = try SharedPhotos.bytes("coffee-4000.jpg")
        let stored = try ImageMagick.convert(SharedPhotos.path("coffee-4000.jpg"), ["-rotate", rotation, "-quality", "92"])
        let tagged = ExifFixtures.jpeg(stored, withExif: ExifFixtures.tiff(orientation: UInt16(tag)))
        let box = PixelSize(width: 240, height: 160)
        let reference = try ImageDecoder.decode(upright, fittingIn: box).aspectFit(width: box.width, height: box.height)
        let decoded = try ImageDecoder.decode(tagged, fittingIn: box)
        #expect(decoded.width <= 500 && decoded.height <= 334, "a 1/8 decode: \(decoded)")
        let thumbnail = decoded.aspectFit(width: box.width, height: box.height)
        #expect((thumbnail.width, thumbnail.height) == (reference.width, reference.height))
        #expect(thumbnail.psnr(comparedTo: reference) >= 30, "orientation \(tag)")
    }
}
