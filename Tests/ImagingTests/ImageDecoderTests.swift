import Foundation
import Testing
@testable import Imaging

@Suite struct ImageDecoderTests {
    static let photoFolder = "/work/shared/photos"
    static let photos: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: photoFolder)) ?? [])
        .filter { $0.hasSuffix("-1080.jpg") }.sorted().map { "\(photoFolder)/\($0)" }

    @Test func sniffsFormatsFromMagicBytes() throws {
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3)))
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
        #expect(ImageFormat(sniffing: TestImages.pngSignature + [0, 0, 0, 13]) == .png)
        #expect(ImageFormat(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8]) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
    }

    @Test func decodesJPEGAtACoveringScale() throws {
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 320, height: 240, seed: 4))
        let image = try ImageDecoder.decode(jpeg, covering: (width: 40, height: 30), maxPixels: 1_000_000)
        #expect(image.width == 40 && image.height == 30)
        #expect(try ImageDecoder.decode(jpeg).width == 320)
    }

    @Test func badInputsAreErrorValues() throws {
        #expect(throws: ImageError.empty) { try ImageDecoder.decode([]) }
        #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(TestImages.pngSignature + [0, 0, 0, 13]) }
        #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(Array("<html>not found</html>".utf8)) }
        let jpeg = try JPEGCodec.encode(TestImages.noise(width: 64, height: 64, seed: 5))
        let truncated = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2))) }
        #expect(truncated?.isCorrupt == true)
        let bomb = TestImages.patchingFrameSize(of: jpeg, width: 30000, height: 30000)
        #expect(throws: ImageError.tooLarge(width: 30000, height: 30000)) {
            try ImageDecoder.decode(bomb, covering: (width: 96, height: 64), maxPixels: JPEGCodec.defaultMaxPixels)
        }
    }

    static let pngPhoto = "\(photoFolder)/coffee.png"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: pngPhoto), "no \(pngPhoto)"))
    func realPNGIsUnsupportedForNow() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.pngPhoto))
        #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode([UInt8](png)) }
    }

    @Test(.enabled(if: !photos.isEmpty, "no *-1080.jpg photos in /work/shared/photos"))
    func decodesRealPhotosSmall() throws {
        for path in Self.photos {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let full = try JPEGCodec.dimensions(of: bytes)
            let image = try ImageDecoder.decode(bytes, covering: (width: 96, height: 64))
            #expect(image.width >= 96 && image.height >= 64, "\(path) decoded at \(image)")
            #expect(image.width * image.height * 4 <= full.width * full.height, "\(path): \(image) not reduced")
            // A photo, not a blank frame: the channels vary.
            #expect(Set(image.pixels).count > 32, "\(path) looks blank")
            let art = CellArt.halfBlocks(from: image, columns: 48, rows: 16, fit: .fill)
            #expect(art.cells.count == 48 * 16 && art.cells.allSatisfy { $0.background != nil })
        }
    }
}
