import Testing
@testable import TUI

@MainActor final class GridEventRecorder: GridViewDelegate {
    enum Event: Equatable {
        case will(Int), end(Int), select(Int), move(Int)
    }

    private(set) var events: [Event] = []

    /// The events since the last call.
    func take() -> [Event] {
        defer { events.removeAll() }
        return events
    }

    func gridView(_ grid: GridView, willDisplay index: Int) { events.append(.will(index)) }
    func gridView(_ grid: GridView, didEndDisplaying index: Int) { events.append(.end(index)) }
    func gridView(_ grid: GridView, didSelect index: Int) { events.append(.select(index)) }
    func gridView(_ grid: GridView, didMoveSelectionTo index: Int) { events.append(.move(index)) }
}

@MainActor @Suite struct GridViewTests {
    /// 80x24 with a status line: 3 columns of 26, 2 rows of 10.
    let small = Rect(row: 0, column: 0, columns: 80, rows: 23)
    /// 200x60 with a status line: 8 columns of 24, 5 rows.
    let large = Rect(row: 0, column: 0, columns: 200, rows: 59)

    func makeGrid(items: Int, in rect: Rect) -> (GridView, GridEventRecorder) {
        let grid = GridView()
        let recorder = GridEventRecorder()
        grid.delegate = recorder
        grid.setItemCount(items)
        grid.layout(in: rect)
        return (grid, recorder)
    }

    @Test func layoutAt80x24() {
        let (grid, _) = makeGrid(items: 30, in: small)
        #expect(grid.columns == 3)
        #expect(grid.visibleRowCount == 2)
        // Two rows of cells share the spare rows: 11 each instead of the minimum 10.
        #expect(grid.thumbnailSize == Size(columns: 26, rows: 10))
        #expect(grid.visibleRange == 0..<6)
        #expect(!grid.isLastRowVisible)
    }

    @Test func layoutAt200x60() {
        let (grid, _) = makeGrid(items: 100, in: large)
        #expect(grid.columns == 8)
        #expect(grid.visibleRowCount == 5)
        #expect(grid.thumbnailSize == Size(columns: 24, rows: 10))
        #expect(grid.visibleRange == 0..<40)
    }

    @Test func spareRowsStretchCellsByAtMostHalf() {
        // 39 rows: three rows of cells of 13 fill the screen.
        let (tall, _) = makeGrid(items: 30, in: Rect(row: 0, column: 0, columns: 120, rows: 39))
        #expect(tall.visibleRowCount == 3 && tall.thumbnailSize.rows == 12)
        // 19 rows hold one row of cells, which grows to 15 and no further.
        let (short, _) = makeGrid(items: 30, in: Rect(row: 0, column: 0, columns: 120, rows: 19))
        #expect(short.visibleRowCount == 1 && short.thumbnailSize.rows == 14)
    }

    @Test func narrowerThanOneCellBecomesAList() {
        let (grid, _) = makeGrid(items: 30, in: Rect(row: 0, column: 0, columns: 10, rows: 5))
        #expect(grid.isList)
        #expect(grid.columns == 1)
        #expect(grid.thumbnailSize == .zero)
        // 4 titles, the 5th line keeps the hint.
        #expect(grid.visibleRange == 0..<4)
    }

    @Test func drawnSnapshotAt80x24() {
        let (grid, _) = makeGrid(items: 4, in: small)
        grid.cellProvider = { GridCell(title: "Photo \($0)", placeholder: "loading…") }
        let screen = InMemoryScreen(size: Size(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        screen.endFrame()
        let placeholderRow = String(repeating: " ", count: 9) + "loading…"
        let threePlaceholders = placeholderRow + String(repeating: " ", count: 10) + placeholderRow
            + String(repeating: " ", count: 10) + placeholderRow
        var expected = Array(repeating: "", count: 24)
        expected[5] = threePlaceholders
        expected[10] = "Photo 0" + String(repeating: " ", count: 20) + "Photo 1" + String(repeating: " ", count: 20) + "Photo 2"
        expected[16] = placeholderRow
        expected[21] = "Photo 3"
        #expect(screen.text() == expected)
        // The selected cell's title line is reversed across the cell, and only that one.
        #expect(screen.style(at: Point(row: 10, column: 25)) == .selection)
        #expect(screen.style(at: Point(row: 10, column: 26)) == [])
        #expect(screen.style(at: Point(row: 21, column: 0)) == [])
        #expect(screen.style(at: Point(row: 5, column: 9)) == .dim)
    }

    @Test func imagesAreCenteredInTheThumbnailArea() {
        let (grid, _) = makeGrid(items: 2, in: small)
        let image = TerminalImage(id: "a", size: Size(columns: 20, rows: 9), lines: Array(repeating: "\u{1B}[31m" + String(repeating: "#", count: 20), count: 9))
        grid.cellProvider = { GridCell(title: "t\($0)", image: $0 == 1 ? image : nil) }
        let screen = InMemoryScreen(size: Size(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        #expect(screen.images.count == 1)
        #expect(screen.images.first?.0 == image)
        #expect(screen.images.first?.1 == Point(row: 0, column: 27 + 3))
        #expect(screen.text()[0] == String(repeating: " ", count: 30) + String(repeating: "#", count: 20))
    }

    @Test func oversizedImagesAreCroppedToTheCell() {
        let (grid, _) = makeGrid(items: 1, in: small)
        let image = TerminalImage(id: "big", size: Size(columns: 40, rows: 12), lines: Array(repeating: String(repeating: "x", count: 40), count: 12))
        grid.cellProvider = { _ in GridCell(title: "", image: image) }
        let screen = InMemoryScreen(size: Size(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        #expect(screen.images.first?.0.size == Size(columns: 26, rows: 10))
        #expect(screen.images.first?.0.id != "big")
    }

    @Test func scrollingDownRowByRowAndBackUp() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        #expect(recorder.take() == (0..<6).map { .will($0) })

        #expect(grid.handle(.down))
        #expect(recorder.take() == [.move(3)])
        #expect(grid.handle(.character("j")))
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .will(8), .move(6)])
        #expect(grid.handle(.down))
        #expect(recorder.take() == [.end(3), .end(4), .end(5), .will(9), .will(10), .will(11), .move(9)])
        #expect(grid.visibleRange == 6..<12)

        #expect(grid.handle(.up))
        #expect(recorder.take() == [.move(6)])
        #expect(grid.handle(.character("k")))
        #expect(recorder.take() == [.end(9), .end(10), .end(11), .will(3), .will(4), .will(5), .move(3)])
        #expect(grid.handle(.up))
        #expect(recorder.take() == [.end(6), .end(7), .end(8), .will(0), .will(1), .will(2), .move(0)])
        #expect(grid.handle(.up))
        #expect(recorder.take() == [])
    }

    @Test func pagingHomeEndAndEnter() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        _ = recorder.take()
        #expect(grid.handle(.pageDown))
        #expect(grid.selectedIndex == 6)
        #expect(grid.visibleRange == 6..<12)
        #expect(grid.handle(.character("G")))
        #expect(grid.selectedIndex == 29)
        #expect(grid.isLastRowVisible)
        #expect(grid.visibleRange == 24..<30)
        #expect(grid.handle(.pageUp))
        #expect(grid.selectedIndex == 23)
        #expect(grid.handle(.home))
        #expect(grid.selectedIndex == 0 && grid.topRow == 0)
        _ = recorder.take()
        #expect(grid.handle(.enter))
        #expect(recorder.take() == [.select(0)])
        #expect(!grid.handle(.character("q")))
    }

    @Test func downOnAShortLastRowGoesToTheLastItem() {
        let (grid, _) = makeGrid(items: 5, in: small)
        #expect(grid.handle(.right) && grid.handle(.right))
        #expect(grid.handle(.down))
        #expect(grid.selectedIndex == 4)
    }

    @Test func appendingWhileTheLastRowIsVisible() {
        let (grid, recorder) = makeGrid(items: 5, in: small)
        #expect(recorder.take() == (0..<5).map { .will($0) })
        #expect(grid.isLastRowVisible)

        grid.setItemCount(8)  // 5 fills the visible second row; 6 and 7 start a third, below the viewport
        #expect(recorder.take() == [.will(5)])
        #expect(!grid.isLastRowVisible)
        #expect(grid.selectedIndex == 0)

        #expect(grid.handle(.end))
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .move(7)])
        grid.setItemCount(12)
        #expect(recorder.take() == [.will(8)])
    }

    @Test func shrinkingEndsDisplayAndKeepsTheSelectionValid() {
        let (grid, recorder) = makeGrid(items: 6, in: small)
        #expect(grid.handle(.end))
        _ = recorder.take()
        grid.setItemCount(4)
        #expect(recorder.take() == [.end(4), .end(5), .move(3)])
        #expect(grid.selectedIndex == 3)
    }

    @Test func reloadEndsEverythingAndStartsOver() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        #expect(grid.handle(.pageDown))
        _ = recorder.take()
        grid.reloadItems(count: 2)
        #expect(recorder.take() == (6..<12).map { .end($0) } + [.will(0), .will(1)])
        #expect(grid.selectedIndex == 0)
    }

    @Test func selectionStaysInViewOnResize() {
        let (grid, recorder) = makeGrid(items: 100, in: large)
        for _ in 0..<2 { #expect(grid.handle(.down)) }
        #expect(grid.handle(.right) && grid.handle(.right) && grid.handle(.right) && grid.handle(.right))
        #expect(grid.selectedIndex == 20)
        _ = recorder.take()

        grid.layout(in: small)
        #expect(grid.visibleRange == 15..<21)
        #expect(grid.visibleRange.contains(grid.selectedIndex))
        #expect(recorder.take() == ((0..<15).map { .end($0) } + (21..<40).map { .end($0) }))

        grid.layout(in: large)
        #expect(grid.visibleRange.contains(20))
        #expect(grid.visibleRange == 8..<48)
    }

    @Test func mouseWheelScrollsAndClicksSelect() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        _ = recorder.take()
        #expect(grid.handle(.mouse(MouseEvent(kind: .wheelDown, position: .zero))))
        #expect(grid.topRow == 1)
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .will(8), .move(3)])
        #expect(grid.handle(.mouse(MouseEvent(kind: .press, position: Point(row: 12, column: 30)))))
        #expect(grid.selectedIndex == 7)
        #expect(!grid.handle(.mouse(MouseEvent(kind: .press, position: Point(row: 12, column: 26)))))  // gap
        #expect(grid.handle(.mouse(MouseEvent(kind: .doubleClick, position: Point(row: 2, column: 60)))))
        #expect(recorder.take() == [.move(7), .move(5), .select(5)])
    }
}
