import Foundation
import TerminalVocabulary
import Testing
import TestSupport
@testable import Imaging

@Suite struct KittyGraphicsTests {
    @Test func goldenSingleChunk() {
        let bytes = KittyGraphics.transmitAndPlace(Goldens.kittyImage4x4, id: 7, columns: 2, rows: 1)
        #expect(String(decoding: bytes, as: UTF8.self) == Goldens.kitty4x4)
    }

    @Test func golden8x6() {
        let bytes = KittyGraphics.transmitAndPlace(Goldens.sixelImage8x6, id: 9, columns: 4, rows: 2)
        #expect(String(decoding: bytes, as: UTF8.self) == Goldens.kitty8x6)
    }

    /// The `ESC _ G keys;payload ESC \` commands in `bytes`, split at the first `;`.
    static func commands(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        var parts = text.components(separatedBy: "\u{1B}\\")
        #expect(parts.removeLast() == "", "output ends with ESC \\")
        return parts.map { part in
            #expect(part.hasPrefix("\u{1B}_G"))
            let body = part.dropFirst(3)
            let keys = body.prefix { $0 != ";" }
            return (String(keys), String(body.dropFirst(keys.count + 1)))
        }
    }

    @Test(arguments: [(40, 40, 2), (64, 64, 4), (65, 64, 5)])
    func largeImagesAreChunked(width: Int, height: Int, chunks: Int) throws {
        let image = TestImages.noise(width: width, height: height, seed: UInt64(width))
        let commands = Self.commands(KittyGraphics.transmitAndPlace(image, id: 42, columns: 8, rows: 4))
        #expect(commands.count == chunks)
        #expect(commands.first?.keys == "a=T,f=24,s=\(width),v=\(height),i=42,c=8,r=4,q=2,m=1")
        #expect(commands.dropFirst().dropLast().allSatisfy { $0.keys == "m=1" })
        #expect(commands.last?.keys == "m=0")
        #expect(commands.allSatisfy { $0.payload.utf8.count <= KittyGraphics.maxChunkLength })
        // Every chunk but the last is full, so each starts on a base64 group boundary.
        #expect(commands.dropLast().allSatisfy { $0.payload.utf8.count == KittyGraphics.maxChunkLength })
        let payload = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
        #expect([UInt8](payload) == image.pixels)
    }

    @Test func transmitSendsThePixelsWithoutPlacingThem() throws {
        let image = TestImages.noise(width: 65, height: 64, seed: 3)
        let commands = Self.commands(KittyGraphics.transmit(image, id: 42))
        #expect(commands.count == 5)
        #expect(commands.first?.keys == "a=t,f=24,s=65,v=64,i=42,q=2,m=1")
        #expect(commands.last?.keys == "m=0")
        let payload = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
        #expect([UInt8](payload) == image.pixels)
    }

    /// Over SSH the pixels go as a PNG file (`f=100`, which says its own size): the same pixels,
    /// chunked like RGB, in fewer bytes.
    @Test func pngSendsTheSamePixels() throws {
        let image = TestImages.noise(width: 65, height: 64, seed: 5)
        for (made, action) in [(KittyGraphics.transmit(image, id: 42, pixels: .png), "a=t,f=100,i=42,q=2"),
                               (KittyGraphics.transmitAndPlace(image, id: 42, columns: 8, rows: 4, pixels: .png),
                                "a=T,f=100,i=42,c=8,r=4,q=2")] {
            let commands = Self.commands(made)
            #expect(commands.count > 1 && commands.first?.keys == action + ",m=1")
            #expect(commands.dropFirst().dropLast().allSatisfy { $0.keys == "m=1" })
            #expect(commands.last?.keys == "m=0")
            #expect(commands.allSatisfy { $0.payload.utf8.count <= KittyGraphics.maxChunkLength })
            let png = [UInt8](try #require(Data(base64Encoded: commands.map(\.payload).joined())))
            #expect(ImageFormat(sniffing: png) == .png)
            #expect(try PNGCodec.decode(png).pixels == image.pixels, "lossless")
        }
    }

    /// Real thumbnails as PNG: under half their RGB bytes in all (each under four fifths), what
    /// a picture costs over a network.
    @Test(.enabled(if: !SixelPruningTests.thumbnails.isEmpty, SharedPhotos.absent))
    func pngHalvesAPhotosBytes() {
        let sizes = SixelPruningTests.thumbnails.map { photo in
            (png: KittyGraphics.transmit(photo, id: 1, pixels: .png).count, rgb: KittyGraphics.transmit(photo, id: 1).count)
        }
        #expect(sizes.allSatisfy { $0.png * 5 < $0.rgb * 4 }, "\(sizes)")
        #expect(sizes.map(\.png).reduce(0, +) * 2 < sizes.map(\.rgb).reduce(0, +), "\(sizes)")
    }

    @Test func placeDeleteAndQuery() {
        // The cursor stays (C=1); a placement delete keeps the data (d=i), a free does not (d=I).
        #expect(String(decoding: KittyGraphics.place(id: 9, columns: 12, rows: 5), as: UTF8.self)
                == "\u{1B}_Ga=p,i=9,c=12,r=5,C=1,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deletePlacements(id: 9), as: UTF8.self)
                == "\u{1B}_Ga=d,d=i,i=9,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.free(id: 9), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.supportQuery, as: UTF8.self)
                == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
    }
}
