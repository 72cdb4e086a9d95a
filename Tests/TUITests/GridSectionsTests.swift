import Testing
@testable import TUI
import TerminalVocabulary

/// A grid with headings: two folder tiles with none, then sections of 5, 1 and 2 items.
@MainActor @Suite struct GridSectionsTests {
    /// 80x23: 3 columns of cells 10 rows high (11 with the gap below), a heading 2 (its line, a gap).
    let small = Rect(row: 0, column: 0, columns: 80, rows: 23)
    let sections = [GridSection(start: 2, title: "July 2023 · 5 photos"), GridSection(start: 7, title: "August 2023 · 1 photo"),
                    GridSection(start: 8, title: "September 2023 · 2 photos")]

    func makeGrid() -> (GridView, GridEventRecorder) {
        let grid = GridView()
        let recorder = GridEventRecorder()
        grid.delegate = recorder
        grid.setSections(sections)
        grid.setItemCount(10)
        grid.layout(in: small)
        return (grid, recorder)
    }

    @Test func rowsMapItemsToRowsAndLinesWithHeadings() {
        let rows = GridRows(itemCount: 10, columns: 3, sections: sections, cellPitch: 11, headingHeight: 2)
        #expect(rows.rowCount == 8)
        // Rows: folders (0, 1); July's heading; 2 3 4; 5 6; August's heading; 7; September's; 8 9.
        #expect((0..<8).map { rows.row($0) } == [
            .cells(0..<2), .heading("July 2023 · 5 photos"), .cells(2..<5), .cells(5..<7),
            .heading("August 2023 · 1 photo"), .cells(7..<8), .heading("September 2023 · 2 photos"), .cells(8..<10),
        ])
        #expect([0, 1, 2, 4, 6, 7, 9].map { rows.position(of: $0)!.row } == [0, 0, 2, 2, 3, 5, 7])
        #expect([0, 1, 2, 4, 6, 7, 9].map { rows.position(of: $0)!.column } == [0, 1, 0, 2, 1, 0, 1])
        #expect((0..<8).map(rows.line(ofRow:)) == [0, 11, 13, 24, 35, 37, 48, 50])
        #expect(rows.lineCount == 61)
        #expect([0, 10, 11, 12, 13, 36, 37, 60, 500].map(rows.row(atLine:)) == [0, 0, 1, 1, 2, 4, 5, 7, 7])
        // 22 lines from the top: the folders and July's heading; its first row (13...23) does not fit.
        #expect(rows.rowsShown(from: 0, in: 22) == 0..<2)
        #expect(rows.rowsShown(from: 4, in: 22) == 4..<7, "September's heading fits, its row does not")
        // The last screenful: September's heading and row, 13 lines; August's row would make 24.
        #expect(rows.lastTopRow(in: 22) == 6)
        // Without headings: rows of 3 as ever.
        let plain = GridRows(itemCount: 10, columns: 3, sections: [], cellPitch: 11, headingHeight: 2)
        #expect(plain.rowCount == 4 && plain.position(of: 7)! == (2, 1) && plain.line(ofRow: 3) == 33)
        // A section at 0 has its heading first; sections past the items or out of order are left out.
        let first = GridRows(itemCount: 3, columns: 3, sections: [GridSection(start: 0, title: "a"), GridSection(start: 0, title: "b"),
                                                                   GridSection(start: 5, title: "c")], cellPitch: 11, headingHeight: 2)
        #expect(first.rowCount == 2 && first.row(0) == .heading("a") && first.row(1) == .cells(0..<3))
    }

    /// What the grid would show were an item selected is what it shows once it is: forward (the
    /// item's row at the bottom), back (at the top, with its section's heading), and on screen.
    @Test func theItemsShownSelectingAnItemAreThoseShownOnceItIs() {
        let (grid, _) = makeGrid()
        for index in [9, 7, 0, 8, 2, 5, 3, 9, 1] {
            let predicted = grid.visibleRange(selecting: index)
            grid.select(index)
            #expect(predicted == grid.visibleRange && predicted.contains(index), "selecting \(index)")
        }
        #expect(grid.visibleRange(selecting: 10).isEmpty && grid.visibleRange(selecting: -1).isEmpty)
    }

    @Test func upAndDownStepOverHeadingsToTheSameColumnOrTheLastItemOfAShorterRow() {
        let (grid, _) = makeGrid()
        func moves(from start: Int, _ move: GridMove) -> Int {
            grid.select(start)
            grid.perform(move)
            return grid.selectedIndex
        }
        #expect(moves(from: 0, .down) == 2)
        #expect(moves(from: 1, .down) == 3)
        #expect(moves(from: 4, .down) == 6, "to July's short last row, its last item")
        #expect(moves(from: 6, .down) == 7, "over August's heading to its one photo")
        #expect(moves(from: 5, .down) == 7)
        #expect(moves(from: 7, .down) == 8)
        #expect(moves(from: 9, .down) == 9, "nothing below the last row")
        #expect(moves(from: 9, .up) == 7)
        #expect(moves(from: 8, .up) == 7)
        #expect(moves(from: 7, .up) == 5)
        #expect(moves(from: 2, .up) == 0)
        #expect(moves(from: 4, .up) == 1, "the folders' row is shorter")
        #expect(moves(from: 0, .up) == 0)
        #expect(moves(from: 1, .right) == 2)
        #expect(moves(from: 7, .left) == 6)
    }

    @Test func theViewportShowsASectionWithItsHeadingAndStopsAtTheLastRow() {
        let (grid, recorder) = makeGrid()
        #expect(grid.visibleRange == 0..<2)
        #expect(recorder.take() == [.will(0), .will(1)])
        grid.select(7)
        // Scrolled down to August's photo: its heading above it.
        #expect(grid.topRow == 4 && grid.visibleRange == 7..<8)
        grid.perform(.up)
        #expect(grid.selectedIndex == 5 && grid.topRow == 3)
        grid.perform(.up)
        // Up to July's first row: its heading comes into view with it.
        #expect(grid.selectedIndex == 2 && grid.topRow == 1)
        grid.perform(.last)
        #expect(grid.topRow == 6 && grid.visibleRange == 8..<10 && grid.isLastRowVisible)
        grid.perform(.first)
        #expect(grid.topRow == 0)
        grid.perform(.pageDown)
        #expect(grid.selectedIndex == 2 && grid.topRow == 2)
        grid.perform(.pageUp)
        #expect(grid.selectedIndex == 0 && grid.topRow == 0)
    }

    @Test func headingsAreDrawnOnALineOfTheirOwnAndScrollWithTheRegion() {
        let (grid, _) = makeGrid()
        grid.cellProvider = { GridCell(title: "Photo \($0)") }
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        func draw() -> [String] {
            screen.beginFrame()
            grid.draw(on: screen)
            screen.endFrame()
            return screen.text()
        }
        var text = draw()
        // The folders' titles on the cells' last line (10), July's heading on line 12 (after the gap).
        #expect(text[10].contains("Photo 0") && text[10].contains("Photo 1"))
        #expect(text[12] == " July 2023 · 5 photos")
        #expect(screen.style(at: Point(row: 12, column: 1)) == GridView.headingStyle)
        #expect(screen.scrollableRegion == ScrollableRegion(rows: 0..<23, firstContentRow: 0))
        grid.select(8)
        text = draw()
        // September's heading at the top, its row below (titles on line 12); the region's content moved by its lines.
        #expect(text[1] == " September 2023 · 2 photos")
        #expect(text[12].contains("Photo 8") && text[12].contains("Photo 9"))
        #expect(screen.scrollableRegion == ScrollableRegion(rows: 0..<23, firstContentRow: 48))
    }

    /// Too small for a cell: a list of titles, each heading a line of its own.
    @Test func aListHasItsHeadingsOnLinesOfTheirOwn() {
        let grid = GridView()
        grid.setSections(sections)
        grid.setItemCount(10)
        grid.layout(in: Rect(row: 0, column: 0, columns: 30, rows: 8))
        grid.cellProvider = { GridCell(title: "Photo \($0)") }
        #expect(grid.isList)
        let screen = InMemoryScreen(size: CellSize(columns: 30, rows: 8))
        screen.beginFrame()
        grid.draw(on: screen)
        #expect(Array(screen.text().prefix(7)) == ["Photo 0", "Photo 1", "July 2023 · 5 photos", "Photo 2", "Photo 3", "Photo 4", "Photo 5"])
        grid.select(8)
        #expect(grid.visibleRange == 4..<9, "rows 5 to 11: Photo 4 to Photo 8 with two headings")
        grid.perform(.up)
        #expect(grid.selectedIndex == 7)
    }

    @Test func aClickOnAHeadingSelectsNothingAndOnACellItsItem() {
        let (grid, _) = makeGrid()
        #expect(grid.index(at: Point(row: 12, column: 5)) == nil)
        #expect(grid.index(at: Point(row: 5, column: 30)) == 1)
        grid.select(8)
        #expect(grid.index(at: Point(row: 1, column: 5)) == nil)
        #expect(grid.index(at: Point(row: 5, column: 30)) == 9)
        #expect(grid.handle(MouseEvent(kind: .press, position: Point(row: 5, column: 5))))
        #expect(grid.selectedIndex == 8)
    }
}
