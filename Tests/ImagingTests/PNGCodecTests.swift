import TerminalVocabulary
import Foundation
import Testing
import TestSupport
@testable import Imaging

@Suite struct PNGCodecTests {
    @Test func roundTripIsLossless() throws {
        for (width, height) in [(1, 1), (37, 23), (256, 3)] {
            let image = TestImages.noise(width: width, height: height, seed: UInt64(width))
            let png = try PNGCodec.encode(image)
            #expect(ImageFormat(sniffing: png) == .png)
            #expect(try PNGCodec.decode(png) == image)
        }
    }

    @Test func incompressibleImagesStillEncode() throws {
        // Noise does not deflate, so the output is larger than the pixels: the first-guess
        // buffer must be big enough (or be retried), never truncate.
        let image = TestImages.noise(width: 300, height: 200, seed: 11)
        let png = try PNGCodec.encode(image)
        #expect(png.count > image.pixels.count)
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func alphaIsCompositedOverTheBackground() throws {
        let overBlack = try PNGCodec.decode(TestImages.rgbaPNG)
        #expect(overBlack.width == 3 && overBlack.height == 1)
        #expect(overBlack[0, 0] == RGB(255, 0, 0))
        #expect(overBlack[1, 0] == RGB(0, 0, 0))
        let half = overBlack[2, 0]
        #expect(half.r == 0 && half.g == 0 && half.b > 64 && half.b < 255)

        let overWhite = try PNGCodec.decode(TestImages.rgbaPNG, background: RGB(255, 255, 255))
        #expect(overWhite[0, 0] == RGB(255, 0, 0))
        #expect(overWhite[1, 0] == RGB(255, 255, 255))
        let halfOverWhite = overWhite[2, 0]
        #expect(halfOverWhite.b == 255 && halfOverWhite.r > 64 && halfOverWhite.r < 255)
    }

    @Test func greyscaleBecomesRGB() throws {
        let image = try PNGCodec.decode(TestImages.greyPNG)
        #expect(image == TestImages.image([[RGB(0, 0, 0), RGB(255, 255, 255)],
                                           [RGB(100, 100, 100), RGB(200, 200, 200)]]))
    }

    @Test func headerAnnouncingTooManyPixelsIsRefusedBeforeDecoding() throws {
        let png = try PNGCodec.encode(RGBImage(width: 4, height: 4, filledWith: RGB(1, 2, 3)))
        let bomb = TestImages.patchingPNGSize(of: png, width: 100_000, height: 100_000)
        #expect(throws: ImageError.tooLarge(width: 100_000, height: 100_000)) { try PNGCodec.decode(bomb) }
    }

    @Test func pixelCapIsTheCallersChoice() throws {
        let png = try PNGCodec.encode(RGBImage(width: 40, height: 30, filledWith: RGB(9, 9, 9)))
        #expect(throws: ImageError.tooLarge(width: 40, height: 30)) { try PNGCodec.decode(png, maxPixels: 1199) }
        #expect(try PNGCodec.decode(png, maxPixels: 1200).width == 40)
    }

    @Test func truncatedDataShowsTheRowsItHoldsAndGreyBelow() throws {
        let png = try PNGCodec.encode(TestImages.noise(width: 64, height: 64, seed: 3))
        let whole = try PNGCodec.decode(png)
        // Signature and header only, or cut inside IHDR: nothing to show.
        for keep in [8, 20, 40] {
            let error = #expect(throws: ImageError.self) { try PNGCodec.decode(Array(png.prefix(keep))) }
            #expect(error?.isCorrupt == true, "keeping \(keep) of \(png.count) bytes")
        }
        let half = try PNGCodec.decode(Array(png.prefix(png.count / 2)))
        #expect(half.isTruncated && !whole.isTruncated)
        let row = 64 * 3
        #expect(half.pixels.prefix(20 * row) == whole.pixels.prefix(20 * row), "the rows the data holds")
        #expect(half.pixels.suffix(20 * row).allSatisfy { $0 == 128 }, "grey below")
        // Every row read, IEND damaged: the picture is whole.
        #expect(try PNGCodec.decode(Array(png.dropLast())) == whole)
        // IDAT's CRC cut: libpng may stop before the last row.
        let uncheckedData = try PNGCodec.decode(Array(png.prefix(png.count - 13)))
        #expect(uncheckedData.pixels.prefix(63 * row) == whole.pixels.prefix(63 * row))
        #expect(throws: ImageError.empty) { try PNGCodec.decode([]) }
    }

    /// The averages of `factor` x `factor` boxes of `image`'s rows that `rows` lets in, rounded as the decoder rounds.
    private func boxes(of image: RGBImage, factor: Int, rows: (Int) -> Bool = { _ in true }) -> [UInt8] {
        let across = (image.width + factor - 1) / factor, down = (image.height + factor - 1) / factor
        var out: [UInt8] = []
        for boxRow in 0..<down {
            for box in 0..<across {
                var sums = [0, 0, 0], count = 0
                for y in (boxRow * factor)..<min(image.height, boxRow * factor + factor) where rows(y) {
                    for x in (box * factor)..<min(image.width, box * factor + factor) {
                        for channel in 0..<3 { sums[channel] += Int(image.pixels[(y * image.width + x) * 3 + channel]) }
                        count += 1
                    }
                }
                out += sums.map { UInt8(($0 + count / 2) / count) }
            }
        }
        return out
    }

    /// A large PNG is kept as the averages of boxes of its pixels covering what is shown, summed as
    /// rows are read: a 97 KB PNG of 10000 x 10000 took 293 MB decoded whole.
    @Test func aLargePictureIsKeptInBoxesCoveringWhatIsShown() throws {
        let image = TestImages.noise(width: 403, height: 301, seed: 7)
        let png = try PNGCodec.encode(image)
        let kept = try PNGCodec.decode(png, covering: PixelSize(width: 40, height: 30))
        #expect(kept.width == 41 && kept.height == 31, "boxes of 10, the last ones partial")
        #expect(kept.pixels == boxes(of: image, factor: 10))
        #expect(try PNGCodec.decode(png, covering: PixelSize(width: 403, height: 301)) == PNGCodec.decode(png))
        // Cut short: the boxes of the rows it holds, grey below.
        let half = try PNGCodec.decode(Array(png.prefix(png.count / 2)), covering: PixelSize(width: 40, height: 30))
        #expect(half.isTruncated && half.width == 41)
        #expect(half.pixels.prefix(10 * 41 * 3) == kept.pixels.prefix(10 * 41 * 3))
        #expect(half.pixels.suffix(10 * 41 * 3).allSatisfy { $0 == 128 })
    }

    /// An interlaced PNG in boxes is read past its first six passes and averaged from Adam7's last,
    /// which holds every pixel of the odd rows: no whole picture in memory.
    @Test func anInterlacedPictureInBoxesIsAveragedFromItsOddRows() throws {
        let image = TestImages.noise(width: 45, height: 23, seed: 11)
        let png = PNGChunks.interlaced(image)
        #expect(try PNGCodec.decode(png).pixels == image.pixels, "the fixture is a true Adam7 picture")
        let kept = try PNGCodec.decode(png, covering: PixelSize(width: 11, height: 5))
        #expect(kept.width == 12 && kept.height == 6)
        // The last row of boxes holds row 20 to 22, of which 21 is odd.
        #expect(kept.pixels == boxes(of: image, factor: 4) { $0 % 2 == 1 })
        // 21 rows: the last box holds row 20 alone, an even row: it repeats the boxes above it.
        let short = try PNGCodec.decode(PNGChunks.interlaced(TestImages.noise(width: 45, height: 21, seed: 5)),
                                        covering: PixelSize(width: 11, height: 5))
        #expect(short.height == 6 && short.pixels.suffix(12 * 3) == short.pixels.dropLast(12 * 3).suffix(12 * 3))
    }

    /// libpng stops at a filter byte it does not know ("bad adaptive filter value" is an error,
    /// not one of its benign ones it could be told to pass): the rows above are shown.
    @Test func aBadFilterByteKeepsTheRowsAboveIt() throws {
        let rows = (0..<8).map { y in [UInt8](repeating: UInt8(30 * y), count: 4 * 3) }
        let good = PNGChunks.png(width: 4, height: 8, bitDepth: 8, colorType: 2, rows: rows)
        #expect(try PNGCodec.decode(good).pixels == rows.flatMap { $0 })
        let bad = try PNGCodec.decode(PNGChunks.png(width: 4, height: 8, bitDepth: 8, colorType: 2, rows: rows, filters: [5: 9]))
        #expect(bad.isTruncated)
        #expect(bad.pixels == rows.prefix(5).flatMap { $0 } + [UInt8](repeating: 128, count: 3 * 4 * 3))
        let error = #expect(throws: ImageError.self) {
            try PNGCodec.decode(PNGChunks.png(width: 4, height: 8, bitDepth: 8, colorType: 2, rows: rows, filters: [0: 9]))
        }
        #expect(error?.isCorrupt == true)
    }

    /// Found by fuzzing (Fuzz/Regressions/png/): libpng allocated what a damaged chunk length
    /// announced, up to 2 GB for a file of a few bytes.
    @Test func aChunkLongerThanTheFileIsNotHandedToLibpng() throws {
        let png = try PNGCodec.encode(RGBImage(width: 4, height: 4, filledWith: RGB(1, 2, 3)))
        let iend = png.count - 12
        let damaged = Array(png[..<iend]) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + Array(png[iend...])
        #expect(damaged.withUnsafeBufferPointer { PNGCodec.readableChunks(of: $0).count } == iend)
        #expect(png.withUnsafeBufferPointer { PNGCodec.readableChunks(of: $0).count } == png.count)
        #expect(try PNGCodec.decode(damaged) == PNGCodec.decode(png))
    }

    @Test func emptyImageCannotBeEncoded() {
        #expect(throws: ImageError.empty) { try PNGCodec.encode(RGBImage(width: 0, height: 0, pixels: [])) }
    }

    static let photos = SharedPhotos.paths(endingWith: ".png")

    @Test(.enabled(if: !photos.isEmpty, SharedPhotos.absent))
    func decodesRealPNGPhotos() throws {
        for path in Self.photos {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let image = try PNGCodec.decode(bytes)
            // The size the IHDR chunk announces (big-endian at offsets 16 and 20).
            let announcedWidth = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let announcedHeight = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(image.width == announcedWidth && image.height == announcedHeight, "\(path): \(image)")
            #expect(Set(image.pixels).count > 32, "\(path) looks blank")
            // Re-encoding our decode is lossless.
            #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
        }
    }
}
