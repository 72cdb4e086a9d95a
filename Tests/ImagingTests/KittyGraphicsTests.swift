import Foundation
import Testing
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
