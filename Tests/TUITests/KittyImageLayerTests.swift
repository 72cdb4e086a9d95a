import Testing
@testable import TUI
import TerminalVocabulary

/// kitty images through the image layer: transmitted once, then only placed; placements deleted
/// (data kept) when a picture leaves or moves; the least recently shown freed past the budget.
@Suite struct KittyImageLayerTests {
    func picture(_ id: UInt32, row: Int, column: Int = 0) -> PlacedImage {
        let image = GraphicFixture.image("k\(id)", .kitty(id), bytes: Array("<place \(id)>".utf8), size: CellSize(columns: 4, rows: 2))
        return PlacedImage(image: image, frame: Rect(row: row, column: column, columns: 4, rows: 2))
    }

    /// The next frame's storage and picture bytes as text; no text changed.
    func frame(_ layer: inout ImageLayer, _ pictures: [PlacedImage], fullRepaint: Bool = false) -> (storage: String, pictures: String) {
        let frame = layer.frame(pictures, textDamage: fullRepaint ? nil : TextDamage(columns: 40))
        return (String(decoding: frame.storage, as: UTF8.self), String(decoding: frame.pictures, as: UTF8.self))
    }

    @Test func aPictureMovedByOneRowIsPlacedAgainWithoutItsPixels() {
        var layer = ImageLayer()
        let first = frame(&layer, [picture(7, row: 0), picture(8, row: 4)], fullRepaint: true)
        #expect(first.storage == "<tx 7><tx 8>")
        #expect(first.pictures == "\u{1B}7\u{1B}[1;1H<place 7>\u{1B}[5;1H<place 8>\u{1B}8")
        let scrolled = frame(&layer, [picture(7, row: 1), picture(8, row: 5)])
        #expect(scrolled.storage == "")
        #expect(scrolled.pictures == "\u{1B}7<del 7><del 8>\u{1B}[2;1H<place 7>\u{1B}[6;1H<place 8>\u{1B}8")
    }

    @Test func aPictureIsTransmittedOnceHoweverOftenItIsShown() {
        var layer = ImageLayer()
        // Two placements of one image in the same frame: one transmission.
        #expect(frame(&layer, [picture(7, row: 0), picture(7, row: 0, column: 10)]).storage == "<tx 7>")
        let gone = frame(&layer, [])
        #expect(gone == (storage: "", pictures: "\u{1B}7<del 7>\u{1B}8"))
        let back = frame(&layer, [picture(7, row: 3)])
        #expect(back == (storage: "", pictures: "\u{1B}7\u{1B}[4;1H<place 7>\u{1B}8"))
        #expect(frame(&layer, [picture(7, row: 3)]) == (storage: "", pictures: ""))
    }

    @Test func pastTheBudgetTheLeastRecentlyShownOffScreenImageIsFreedAndSentAgainWhenNeeded() {
        // Room for two images of 100 bytes.
        var layer = ImageLayer(kittyBudget: 250)
        #expect(frame(&layer, [picture(1, row: 0)]).storage == "<tx 1>")
        #expect(frame(&layer, [picture(2, row: 0)]).storage == "<tx 2>")
        // 2 left with this frame and is still on the screen until its update: 1 goes.
        #expect(frame(&layer, [picture(3, row: 0)]).storage == "<free 1><tx 3>")
        let again = frame(&layer, [picture(1, row: 0)])
        #expect(again.storage == "<free 2><tx 1>")
        #expect(again.pictures == "\u{1B}7<del 3>\u{1B}[1;1H<place 1>\u{1B}8")
    }

    @Test func imagesOnTheScreenAreNeverFreed() {
        var layer = ImageLayer(kittyBudget: 150)
        let pictures = (1...3).map { picture(UInt32($0), row: 0, column: 5 * $0) }
        #expect(frame(&layer, pictures).storage == "<tx 1><tx 2><tx 3>")
        #expect(frame(&layer, pictures).storage == "")
        #expect(frame(&layer, [pictures[2]]).storage == "")
        #expect(frame(&layer, [pictures[2]]).storage == "<free 1><free 2>")
    }

    @Test func aFullRepaintTransmitsEveryPictureAgainAfterItsText() {
        // curses clears the screen for it (ED 2), after which kitty holds no image without a placement.
        var layer = ImageLayer()
        _ = frame(&layer, [picture(1, row: 0), picture(2, row: 4)])
        _ = frame(&layer, [picture(1, row: 0), picture(2, row: 4), picture(3, row: 8)])
        layer.invalidate()
        #expect(frame(&layer, [picture(1, row: 1)], fullRepaint: true)
            == (storage: "<free 1><free 2><free 3><tx 1>", pictures: "\u{1B}7<del 1><del 2><del 3>\u{1B}[2;1H<place 1>\u{1B}8"))
        #expect(frame(&layer, [picture(1, row: 1), picture(2, row: 4)]).storage == "<tx 2>")
    }

    @Test func releaseFreesEveryImageHeldOnce() {
        var layer = ImageLayer()
        _ = frame(&layer, [picture(1, row: 0)])
        _ = frame(&layer, [picture(2, row: 0)])
        #expect(String(decoding: layer.release(), as: UTF8.self) == "<free 1><free 2>")
        #expect(layer.release().isEmpty)
        #expect(frame(&layer, [picture(2, row: 0)], fullRepaint: true).storage == "<tx 2>")
    }
}
