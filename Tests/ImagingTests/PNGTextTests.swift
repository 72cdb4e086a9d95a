import Foundation
import Glibc
import Testing
import TestSupport
@testable import Imaging

/// `tEXt` chunks, as freedesktop thumbnails carry their keys: written by the PNG encoder, read
/// back by our chunk walk and by ImageMagick (libpng, which checks each chunk's CRC).
@Suite struct PNGTextTests {
    private let image = RGBImage(width: 3, height: 2, filledWith: RGB(10, 200, 30))
    private let text: [(keyword: String, text: String)] = [
        ("Thumb::URI", "file:///home/ann/a%20b.jpg"), ("Thumb::MTime", "1700000000"), ("Software", "gallery 1"),
    ]

    @Test func theCRCIsPNGs() {
        // Every PNG's IEND chunk ends in this CRC.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func textWrittenWithThePixelsIsReadBackAndThePixelsStayTheSame() throws {
        let png = try PNGCodec.encode(image, text: text)
        let read = PNGText.read(png)
        #expect(read == ["Thumb::URI": "file:///home/ann/a%20b.jpg", "Thumb::MTime": "1700000000", "Software": "gallery 1"])
        #expect(try PNGCodec.decode(png) == image)
        #expect(try PNGCodec.decode(try PNGCodec.encode(image, fast: true)) == image)
    }

    @Test func libpngReadsTheChunksWithTheirChecksums() throws {
        guard ImageMagick.isInstalled else {
            Issue.record("ImageMagick's identify is needed (Debian imagemagick)")
            return
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID().uuidString).png").path
        defer { unlink(path) }
        try Data(try PNGCodec.encode(image, text: text)).write(to: URL(fileURLWithPath: path))
        let identified = try runProgram(["/usr/bin/identify", "-format", "%[Thumb::URI] %[Thumb::MTime]", path])
        #expect(identified.stdout == "file:///home/ann/a%20b.jpg 1700000000", "\(identified.stderr)")
    }

    @Test func chunksOfAnotherWriterAreFoundAndDamageIsNeverReadPast() {
        let png = PNGChunks.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[0]],
                                extra: [("tEXt", Array("Thumb::MTime\u{0}42".utf8)), ("tEXt", Array("Title\u{0}caf\u{E9}".unicodeScalars.map { UInt8($0.value) }))])
        #expect(PNGText.read(png) == ["Thumb::MTime": "42", "Title": "café"])
        // Cut inside a chunk, or announcing more than follows: what precedes it is still read.
        for cut in stride(from: 0, to: png.count, by: 7) { _ = PNGText.read(Array(png.prefix(cut))) }
        #expect(PNGText.read(Array("not a png".utf8)).isEmpty)
    }
}
