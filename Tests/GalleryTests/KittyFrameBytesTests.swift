import Imaging
import Testing
@testable import Gallery
@testable import TUI
import TerminalVocabulary

/// The bytes kitty thumbnails cost per frame, from the renderer's payload through the image layer:
/// the pixels go out once, a moved picture is only placed again.
@Suite struct KittyFrameBytesTests {
    let renderer = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20))

    func picture(seed: UInt8, row: Int) throws -> PlacedImage {
        let data = try ThumbnailRendererTests.jpeg(width: 120, height: 80, seed: seed)
        let image = TerminalImage(try renderer.render(data, cells: CellSize(columns: 8, rows: 4), fit: .crop), id: "p\(seed)")
        return PlacedImage(image: image, frame: Rect(origin: Point(row: row, column: 0), size: image.size))
    }

    func id(_ picture: PlacedImage) throws -> UInt32 { try #require(picture.image.picture.kitty?.id) }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aPictureMovedByOneRowIsPlacedWithoutItsPixels() throws {
        var layer = ImageLayer()
        let a = try picture(seed: 0, row: 0)
        let first = layer.frame([a], textDamage: nil)
        #expect(text(first.storage).hasPrefix("\u{1B}_Ga=t,f=24,s=80,v=80,i=\(try id(a)),q=2,m=1;"))
        #expect(first.storage.count > 80 * 80 * 3)
        #expect(text(first.pictures).contains("\u{1B}_Ga=p,i=\(try id(a)),c=8,r=4,C=1,q=2\u{1B}\\"))

        let moved = try picture(seed: 0, row: 1)
        let scrolled = layer.frame([moved], textDamage: TextDamage(columns: 40))
        #expect(scrolled.storage.isEmpty)
        #expect(text(scrolled.pictures) == "\u{1B}7\u{1B}_Ga=d,d=i,i=\(try id(a)),q=2\u{1B}\\"
            + "\u{1B}[2;1H\u{1B}_Ga=p,i=\(try id(a)),c=8,r=4,C=1,q=2\u{1B}\\\u{1B}8")
    }

    @Test func pastTheBudgetAnOffScreenImageIsFreedThenTransmittedAgain() throws {
        let a = try picture(seed: 0, row: 0)
        let b = try picture(seed: 90, row: 0)
        // Room for one 80x80 picture only.
        var layer = ImageLayer(kittyBudget: 80 * 80 * 3)
        _ = layer.frame([a], textDamage: nil)
        // b comes: a left with this frame and stays until its update, so nothing is freed yet.
        #expect(text(layer.frame([b], textDamage: TextDamage(columns: 40)).storage).hasPrefix("\u{1B}_Ga=t,"))
        let evicting = layer.frame([b], textDamage: TextDamage(columns: 40))
        #expect(text(evicting.storage) == "\u{1B}_Ga=d,d=I,i=\(try id(a)),q=2\u{1B}\\")
        let back = layer.frame([a], textDamage: TextDamage(columns: 40))
        #expect(text(back.storage).hasPrefix("\u{1B}_Ga=t,f=24,s=80,v=80,i=\(try id(a)),q=2,m=1;"))
    }
}
