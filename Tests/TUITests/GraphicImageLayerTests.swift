import Testing
@testable import TUI
import TerminalVocabulary

/// Bitmap images (sixel, kitty, iTerm2) in the image layer.
@Suite struct GraphicImageLayerTests {
    static func kittyDelete(_ id: UInt32) -> [UInt8] { GraphicFixture.kitty(id).deletePlacements }

    func graphic(_ id: String, _ kind: GraphicFixture.Kind, row: Int, column: Int = 0,
                 columns: Int = 4, rows: Int = 2) -> PlacedImage {
        let image = GraphicFixture.image(id, kind, bytes: Array("<\(id)>".utf8), size: CellSize(columns: columns, rows: rows))
        return PlacedImage(image: image, frame: Rect(row: row, column: column, columns: columns, rows: rows))
    }

    func kitty(_ id: UInt32, row: Int, column: Int = 0) -> PlacedImage {
        graphic("k\(id)", .kitty(id), row: row, column: column)
    }

    @Test func anUnchangedSixelIsNotResentButTextUnderItResendsIt() {
        let a = graphic("a", .sixel, row: 0)
        #expect(ImageLayerPlan(previous: [a], current: [a], textDamage: TextDamage(columns: 20)).imagesToSend == [])
        var damage = TextDamage(columns: 20)
        damage.markWholeRow(1)
        #expect(ImageLayerPlan(previous: [a], current: [a], textDamage: damage).imagesToSend == [0])
    }

    @Test func aMovedSixelRepaintsItsOldCells() {
        let a = graphic("a", .sixel, row: 0)
        let moved = graphic("a", .sixel, row: 3)
        #expect(ImageLayerPlan(previous: [a], current: [moved], textDamage: TextDamage(columns: 20))
            == ImageLayerPlan(framesToRepaint: [a.frame], imagesToSend: [0]))
        let iterm = graphic("i", .iterm, row: 5, rows: 1)
        #expect(ImageLayerPlan(previous: [iterm], current: [], textDamage: TextDamage(columns: 20)).framesToRepaint == [iterm.frame])
    }

    @Test func aVanishedKittyImageHasItsPlacementsDeletedNotRepainted() {
        let a = kitty(7, row: 0)
        let b = kitty(8, row: 4)
        let plan = ImageLayerPlan(previous: [a, b], current: [b], textDamage: TextDamage(columns: 20))
        #expect(plan == ImageLayerPlan(framesToRepaint: [], imagesToSend: [], kittyDeletes: [Self.kittyDelete(7)]))
    }

    @Test func aMovedKittyImageHasItsPlacementsDeletedThenIsPlacedAgain() {
        let a = kitty(7, row: 0)
        let moved = kitty(7, row: 3)
        let plan = ImageLayerPlan(previous: [a], current: [moved], textDamage: TextDamage(columns: 20))
        #expect(plan == ImageLayerPlan(framesToRepaint: [], imagesToSend: [0], kittyDeletes: [Self.kittyDelete(7)]))
    }

    @Test func textUnderAKittyImageDoesNotResendIt() {
        let a = kitty(7, row: 0)
        var damage = TextDamage(columns: 20)
        damage.markWholeRow(0)
        #expect(ImageLayerPlan(previous: [a], current: [a], textDamage: damage).imagesToSend == [])
    }

    @Test func deletingAnIdResendsItsOtherPlacements() {
        // Two placements of image 7; one leaves. d=i removes both, so the other is placed again.
        let a = kitty(7, row: 0)
        let b = kitty(7, row: 0, column: 10)
        let plan = ImageLayerPlan(previous: [a, b], current: [b], textDamage: TextDamage(columns: 20))
        #expect(plan.imagesToSend == [0])
        #expect(plan.kittyDeletes == [Self.kittyDelete(7)])
    }

    @Test func bytesPositionTheCursorThenWriteThePayload() {
        let bytes = ImageLayerBytes.bytes(deletes: [Self.kittyDelete(3)],
                                          images: [graphic("s", .sixel, row: 2, column: 5)])
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}7<del 3>\u{1B}[3;6H<s>\u{1B}8")
        #expect(ImageLayerBytes.bytes(deletes: [], images: []).isEmpty)
    }

    @Test func aGraphicIsNeverCutNorDrawnOnTheLastRow() {
        let screen = CellSize(columns: 20, rows: 10)
        let image = graphic("g", .sixel, row: 0).image
        let whole = PlacedImage(image, at: Point(row: 7, column: 3), on: screen)
        #expect(whole?.image.isGraphic == true)
        #expect(whole?.frame == Rect(row: 7, column: 3, columns: 4, rows: 2))
        // Reaching the last row would scroll the screen in xterm: blank cells instead.
        let bottom = PlacedImage(image, at: Point(row: 8, column: 3), on: screen)
        #expect(bottom?.image.isGraphic == false)
        #expect(bottom?.image.lines == ["    ", "    "])
        let cut = PlacedImage(image, at: Point(row: 2, column: 18), on: screen)
        #expect(cut?.image.isGraphic == false)
        #expect(cut?.frame.size == CellSize(columns: 2, rows: 2))
        #expect(PlacedImage(image, at: Point(row: 2, column: 20), on: screen) == nil)
    }
}

@MainActor @Suite struct InMemoryScreenGraphicTests {
    @Test func graphicsShowAsPlaceholdersAndAreListed() {
        let screen = InMemoryScreen(size: CellSize(columns: 12, rows: 4))
        screen.beginFrame()
        let image = GraphicFixture.image("p", .sixel, bytes: [1, 2, 3], size: CellSize(columns: 9, rows: 2))
        screen.place(image, at: Point(row: 1, column: 1))
        screen.put("title", at: Point(row: 3, column: 1))
        #expect(screen.text() == ["", " [sixel]░░", " ░░░░░░░░░", " title"])
        #expect(screen.images.map(\.0.id) == ["p"])
        #expect(screen.images.first?.0.picture.graphicBytes == [1, 2, 3])
    }

    @Test func aFillOverAnImageHidesIt() {
        // An overlay (help box) drawn after the grid's pictures must not end up under them.
        let screen = InMemoryScreen(size: CellSize(columns: 12, rows: 4))
        screen.beginFrame()
        screen.place(GraphicFixture.image("a", .kitty(2), bytes: [], size: CellSize(columns: 3, rows: 2)), at: .zero)
        screen.place(TerminalImage(id: "b", size: CellSize(columns: 3, rows: 2), lines: ["bbb", "bbb"]), at: Point(row: 0, column: 8))
        screen.fill(Rect(row: 1, column: 2, columns: 3, rows: 2), with: " ", style: .reverse)
        #expect(screen.images.map(\.0.id) == ["b"])
    }
}
