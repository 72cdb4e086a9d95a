import Foundation
import Testing
@testable import Imaging

@Suite struct ITermImageTests {
    @Test func inlinePNGOfThePixels() throws {
        let image = TestImages.noise(width: 30, height: 20, seed: 5)
        let bytes = try ITermImage.encode(image, columns: 6, rows: 3)
        let png = try PNGCodec.encode(image)
        let prefix = "\u{1B}]1337;File=inline=1;size=\(png.count);width=6;height=3;preserveAspectRatio=0:"
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(prefix))
        #expect(bytes.last == 0x07)
        #expect(bytes.filter { $0 == 0x07 || $0 == 0x1B }.count == 2, "only the introducer's ESC and the final BEL")
        let payload = try #require(Data(base64Encoded: String(text.dropFirst(prefix.count).dropLast())))
        #expect(payload.count == png.count)
        #expect(try PNGCodec.decode([UInt8](payload)) == image)
    }

    @Test func emptyImageIsAnError() {
        #expect(throws: ImageError.empty) { try ITermImage.encode(RGBImage(width: 0, height: 0, pixels: []), columns: 1, rows: 1) }
    }
}
