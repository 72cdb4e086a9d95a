import Testing
@testable import TUI
import TerminalVocabulary

@Suite struct RegionScrollTests {
    let grid = 1..<37

    @Test func aRegionScrollsWhenTheSameRowsShowAnotherPartOfTheContent() {
        let before = ScrollableRegion(rows: grid, firstContentRow: 12)
        #expect(RegionScroll(from: before, to: ScrollableRegion(rows: grid, firstContentRow: 24))
                    == RegionScroll(rows: grid, distance: 12))
        #expect(RegionScroll(from: before, to: ScrollableRegion(rows: grid, firstContentRow: 0))
                    == RegionScroll(rows: grid, distance: -12))
        // The same view, another region, a frame without one, or a move that keeps nothing: no scroll.
        #expect(RegionScroll(from: before, to: before) == nil)
        #expect(RegionScroll(from: before, to: ScrollableRegion(rows: 0..<37, firstContentRow: 24)) == nil)
        #expect(RegionScroll(from: nil, to: before) == nil)
        #expect(RegionScroll(from: before, to: nil) == nil)
        #expect(RegionScroll(from: before, to: ScrollableRegion(rows: grid, firstContentRow: 48)) == nil)
    }

    @Test func rowsMoveWithinTheRegionAndBlankOnesComeIn() {
        let up = RegionScroll(rows: 2..<8, distance: 2)
        #expect(up.destination(ofRow: 5) == 3)
        #expect(up.destination(ofRow: 3) == nil)  // leaves at the top
        #expect(up.destination(ofRow: 9) == nil)  // outside
        #expect(up.rowsComingIn == 6..<8)
        let down = RegionScroll(rows: 2..<8, distance: -3)
        #expect(down.destination(ofRow: 4) == 7)
        #expect(down.destination(ofRow: 5) == nil)
        #expect(down.rowsComingIn == 2..<5)
    }

    @Test func theTerminalIsToldWithVT100Sequences() {
        // Rows 2-7 (1-based 3-8): the region, the cursor on its bottom line, IND twice; back.
        #expect(String(decoding: RegionScroll(rows: 2..<8, distance: 2).terminalBytes, as: UTF8.self)
                    == "\u{1B}7\u{1B}[0m\u{1B}[3;8r\u{1B}[8;1H\u{1B}D\u{1B}D\u{1B}[r\u{1B}8")
        #expect(String(decoding: RegionScroll(rows: 2..<8, distance: -1).terminalBytes, as: UTF8.self)
                    == "\u{1B}7\u{1B}[0m\u{1B}[3;8r\u{1B}[3;1H\u{1B}M\u{1B}[r\u{1B}8")
    }

    @Test func theCellBufferMovesAsTheTerminalDoes() {
        var buffer = CellBuffer(size: CellSize(columns: 3, rows: 5))
        for row in 0..<5 { buffer.put("\(row)", at: Point(row: row, column: 0), style: [], maxWidth: nil) }
        var up = buffer
        up.scroll(RegionScroll(rows: 1..<4, distance: 1))
        #expect((0..<5).map { up.text(ofRow: $0) } == ["0", "2", "3", "", "4"])
        var down = buffer
        down.scroll(RegionScroll(rows: 1..<4, distance: -2))
        #expect((0..<5).map { down.text(ofRow: $0) } == ["0", "", "", "1", "4"])
    }

    func placed(_ id: String, row: Int, rows: Int = 3) -> PlacedImage {
        let image = GraphicFixture.image(id, .sixel, bytes: Array(id.utf8), size: CellSize(columns: 4, rows: rows))
        return PlacedImage(image: image, frame: Rect(row: row, column: 2, columns: 4, rows: rows))
    }

    @Test func picturesInsideMoveAndOnesTheEdgesCutLeavePiecesToWriteOver() {
        var layer = ImageLayer()
        let inside = placed("inside", row: 6)
        let leaving = placed("leaving", row: 2)
        let straddling = placed("straddling", row: 12)
        let above = placed("above", row: 0, rows: 1)
        _ = layer.frame([inside, leaving, straddling, above], textDamage: nil)
        let pieces = layer.scroll(RegionScroll(rows: 1..<14, distance: 3))
        // inside: rows 6-8 move to 3-5. leaving: rows 2-4 go to -1...1, only row 1 still in the
        // region. straddling: rows 12-13 move to 9-10, row 14 stays where it was, outside. above
        // is outside the region.
        #expect(pieces == [1, 9, 10, 14])
        #expect(layer.shown == [placed("inside", row: 3), above])
        // Shown where the layer now believes them, they are not sent again.
        let next = layer.frame([placed("inside", row: 3), above], textDamage: TextDamage(columns: 20))
        #expect(next.pictures.isEmpty)
    }

    @Test @MainActor func theGridDeclaresItsRowsOfCellsAsTheyScroll() {
        let grid = GridView()
        grid.setItemCount(30)
        // 80x23: a gap line on top, then 2 rows of cells of 10 + title, each with a gap line below.
        grid.layout(in: Rect(row: 0, column: 0, columns: 80, rows: 23))
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        func drawn() -> ScrollableRegion? {
            screen.beginFrame()
            grid.draw(on: screen)
            screen.endFrame()
            return screen.scrollableRegion
        }
        #expect(drawn() == ScrollableRegion(rows: 0..<23, firstContentRow: 0))
        grid.perform(.down)
        grid.perform(.down)
        #expect(drawn() == ScrollableRegion(rows: 0..<23, firstContentRow: 11))
        screen.beginFrame()
        #expect(screen.scrollableRegion == nil)
    }
}
