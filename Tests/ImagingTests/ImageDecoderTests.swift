import TerminalVocabulary
import Foundation
import Testing
import TestSupport
@testable import Imaging
import ImagingTestSupport

@Suite struct ImageDecoderTests {
    static let photos = SharedPhotos.paths(endingWith: "-1080.jpg")

    @Test func sniffsFormatsFromMagicBytes() throws {
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3)))
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
        #expect(ImageFormat(sniffing: TestImages.pngSignature + [0, 0, 0, 13]) == .png)
        #expect(ImageFormat(sniffing: Array("<html>".utf8)) == nil)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8]) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
    }

    @Test func decodesJPEGAtACoveringScale() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 320, height: 240, seed: 4))
        let image = try ImageDecoder.decode(jpeg, covering: PixelSize(width: 40, height: 30), maxPixels: 1_000_000)
        #expect(image.width == 40 && image.height == 30)
        #expect(try ImageDecoder.decode(jpeg).width == 320)
    }

    @Test func badInputsAreErrorValues() throws {
        #expect(throws: ImageError.empty) { try ImageDecoder.decode([]) }
        #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(Array("<html>not found</html>".utf8)) }
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 64, height: 64, seed: 5))
        #expect(try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2))).isTruncated)
        let bomb = TestImages.patchingFrameSize(of: jpeg, width: 30000, height: 30000)
        #expect(throws: ImageError.tooLarge(width: 30000, height: 30000)) {
            try ImageDecoder.decode(bomb, covering: PixelSize(width: 96, height: 64), maxPixels: JPEGCodec.defaultMaxPixels)
        }
    }

    @Test func decodesPNGInBoxesCoveringTheSizeAsked() throws {
        let image = TestImages.noise(width: 50, height: 40, seed: 6)
        let png = try PNGCodec.encode(image)
        #expect(try ImageDecoder.decode(png) == image)
        let covering = try ImageDecoder.decode(png, covering: PixelSize(width: 10, height: 8))
        #expect(covering.width == 10 && covering.height == 8)
        #expect(throws: ImageError.tooLarge(width: 50, height: 40)) { try ImageDecoder.decode(png, maxPixels: 1999) }
    }

    /// Each hostile input is an error value: no crash, and nothing allocated for the pixels a
    /// header merely claims (the size checks run before decoding).
    @Test func decodeLimits() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 32, height: 32, seed: 7))
        let png = try PNGCodec.encode(TestImages.noise(width: 32, height: 32, seed: 8))
        let jpegBomb = TestImages.patchingFrameSize(of: jpeg, width: 30000, height: 30000)
        let pngBomb = TestImages.patchingPNGSize(of: png, width: 100_000, height: 100_000)
        var corruptJPEG = jpeg
        for i in stride(from: jpeg.count / 3, to: jpeg.count - 2, by: 7) { corruptJPEG[i] = 0xFF }
        let cases: [(String, [UInt8], (ImageError) -> Bool)] = [
            ("30000x30000 JPEG header", jpegBomb, { $0 == .tooLarge(width: 30000, height: 30000) }),
            ("100000x100000 PNG header", pngBomb, { $0 == .tooLarge(width: 100_000, height: 100_000) }),
            ("0-byte file", [], { $0 == .empty }),
            ("PNG cut inside its header", Array(png.prefix(30)), { $0.isCorrupt }),
            ("PNG signature only", TestImages.pngSignature + [0, 0, 0, 13], { $0.isCorrupt }),
            ("corrupt JPEG", corruptJPEG, { $0.isCorrupt }),
        ]
        for (name, bytes, isExpected) in cases {
            let error = #expect(throws: ImageError.self, "\(name)") {
                try ImageDecoder.decode(bytes, covering: PixelSize(width: 96, height: 64))
            }
            #expect(error.map(isExpected) == true, "\(name): \(String(describing: error))")
        }
    }

    static let pngPhotos = SharedPhotos.paths(endingWith: ".png")

    @Test(.enabled(if: !pngPhotos.isEmpty, SharedPhotos.absent))
    func decodesRealPNGPhotos() throws {
        for path in Self.pngPhotos {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let image = try ImageDecoder.decode(bytes, covering: PixelSize(width: 96, height: 64))
            let whole = try PNGCodec.decode(bytes)
            #expect(image.width >= 96 && image.height >= 64 && image.width <= whole.width, "\(path)")
            let art = CellArt.halfBlocks(from: image.aspectFill(width: 48, height: 32), columns: 48, rows: 16, fit: .crop)
            #expect(Set(art.cells.compactMap(\.foreground)).count > 16, "\(path) looks blank")
        }
    }

    @Test(.enabled(if: !photos.isEmpty, SharedPhotos.absent))
    func decodesRealPhotosSmall() throws {
        for path in Self.photos {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let full = try JPEGCodec.dimensions(of: bytes)
            let image = try ImageDecoder.decode(bytes, covering: PixelSize(width: 96, height: 64))
            #expect(image.width >= 96 && image.height >= 64, "\(path) decoded at \(image)")
            #expect(image.width * image.height * 4 <= full.width * full.height, "\(path): \(image) not reduced")
            // A photo, not a blank frame: the channels vary.
            #expect(Set(image.pixels).count > 32, "\(path) looks blank")
            let art = CellArt.halfBlocks(from: image, columns: 48, rows: 16, fit: .crop)
            #expect(art.cells.count == 48 * 16 && art.cells.allSatisfy { $0.background != nil })
        }
    }

    @Test func aJPEGIsDecodedForTwiceThePictureItsBoxHolds() {
        // 1080x720 fitted in 240x160 is 240x160, and fills it too: twice that either way.
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: 240, height: 160), filling: false) == PixelSize(width: 480, height: 320))
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: 240, height: 160), filling: true) == PixelSize(width: 480, height: 320))
        // A portrait box: fitted the photo is 60x40, filling it 144x96 (cropped to 60 wide).
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: 60, height: 96), filling: false) == PixelSize(width: 120, height: 80))
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: 60, height: 96), filling: true) == PixelSize(width: 288, height: 192))
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 4000, height: 10), for: PixelSize(width: 8, height: 8), filling: false) == PixelSize(width: 16, height: 1))
        // Never more than the picture itself, however large the box.
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: 100_000, height: 100_000), filling: false) == PixelSize(width: 1080, height: 720))
        #expect(ImageDecoder.decodeSize(of: PixelSize(width: 1080, height: 720), for: PixelSize(width: .max, height: .max), filling: true) == PixelSize(width: 1080, height: 720))
    }

    @Test func decodingForABoxKeepsPNGAndHeaderErrorsAsTheyAre() throws {
        let image = TestImages.noise(width: 50, height: 40, seed: 9)
        #expect(try ImageDecoder.decode(try PNGCodec.encode(image), filling: PixelSize(width: 10, height: 8)) == image)
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 64, height: 64, seed: 10))
        #expect(throws: ImageError.tooLarge(width: 30000, height: 30000)) {
            try ImageDecoder.decode(TestImages.patchingFrameSize(of: jpeg, width: 30000, height: 30000), fittingIn: PixelSize(width: 96, height: 64))
        }
        #expect(throws: ImageError.empty) { try ImageDecoder.decode([], fittingIn: PixelSize(width: 96, height: 64)) }
    }

    /// The point of decoding at twice the size: on real 1080 px photos, a thumbnail resampled from
    /// it is much closer to an exact area downscale of the whole photo than one resampled from the
    /// smallest decode that covers the thumbnail itself (6 dB on average, measured).
    @Test(.enabled(if: !photos.isEmpty, SharedPhotos.absent))
    func decodingForABoxIsCloserToAnExactDownscale() throws {
        var bare = 0.0, twice = 0.0
        for path in Self.photos {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let exact = try ImageDecoder.decode(bytes).aspectFill(width: 96, height: 64)
            bare += try ImageDecoder.decode(bytes, covering: PixelSize(width: 96, height: 64)).aspectFill(width: 96, height: 64).psnr(comparedTo: exact)
            let filled = try ImageDecoder.decode(bytes, filling: PixelSize(width: 96, height: 64))
            #expect(filled.width >= 192 && filled.height >= 128, "\(path) decoded at \(filled)")
            twice += filled.aspectFill(width: 96, height: 64).psnr(comparedTo: exact)
        }
        let count = Double(Self.photos.count)
        #expect(twice / count > bare / count + 3, "twice the size: \(twice / count) dB, bare: \(bare / count) dB")
    }
}

/// Every format's header size is the size its decode has (upright, for TIFF's orientations).
@Suite struct FormatDimensionsTests {
    @Test(arguments: ["coffee.webp", "coffee.gif", "coffee.tif", "coffee-32-orientation-6.tif", "coffee-32-565.bmp",
                      "coffee-32-rle8.bmp", "coffee.heic", "coffee.avif", "coffee-exif6.heic"])
    func headerSizeIsTheDecodedSize(_ name: String) throws {
        let bytes = try FormatFixtures.bytes(name)
        let image = try ImageDecoder.decode(bytes)
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: image.width, height: image.height))
        // Sniffed as the format its name says.
        let suffix = String(name.split(separator: ".").last ?? "")
        #expect(ImageFormat(sniffing: bytes)?.fileExtensions.contains(suffix) == true)
    }
}
