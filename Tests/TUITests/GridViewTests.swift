import Testing
@testable import TUI
import TerminalVocabulary

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
    /// 80x24 with a status line: 3 columns of 25, 2 rows of 10, with a line around each cell.
    let small = Rect(row: 0, column: 0, columns: 80, rows: 23)
    /// 200x60 with a status line: 8 columns of 23, 5 rows.
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
        // The minimum 24x10 holds a cell and its line right and below: 3 fit in 80 columns less the
        // line on the left, and share the spare ones; 2 rows of 11 fill 23 rows less the line on top.
        #expect(grid.thumbnailSize == CellSize(columns: 25, rows: 9))
        #expect(grid.visibleRange == 0..<6)
        #expect(!grid.isLastRowVisible)
    }

    @Test func layoutAt200x60() {
        let (grid, _) = makeGrid(items: 100, in: large)
        #expect(grid.columns == 8)
        #expect(grid.visibleRowCount == 5)
        #expect(grid.thumbnailSize == CellSize(columns: 23, rows: 9))
        #expect(grid.visibleRange == 0..<40)
    }

    @Test func spareRowsStretchCellsByAtMostHalf() {
        // 39 rows: three rows of cells of 11, each with a line below, and the line on top.
        let (tall, _) = makeGrid(items: 30, in: Rect(row: 0, column: 0, columns: 120, rows: 39))
        #expect(tall.visibleRowCount == 3 && tall.thumbnailSize.rows == 10)
        // 19 rows hold one row of cells, which grows to 15 with its line and no further.
        let (short, _) = makeGrid(items: 30, in: Rect(row: 0, column: 0, columns: 120, rows: 19))
        #expect(short.visibleRowCount == 1 && short.thumbnailSize.rows == 13)
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
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        screen.endFrame()
        // Cells of 25 columns, "loading…" (8) in the middle of their 9 picture rows.
        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
        let placeholder = spaces(8) + "loading…" + spaces(9)
        var expected = Array(repeating: "", count: 24)
        expected[0] = "▗" + String(repeating: "▄", count: 25) + "▖"
        for row in 1...9 { expected[row] = "▐" + spaces(25) + "▌" }
        expected[5] = "▐" + placeholder + "▌" + placeholder + " " + spaces(8) + "loading…"
        expected[10] = "▐Photo 0" + spaces(18) + "▌Photo 1" + spaces(19) + "Photo 2"
        expected[11] = "▝" + String(repeating: "▀", count: 25) + "▘"
        expected[16] = spaces(9) + "loading…"
        expected[21] = " Photo 3"
        #expect(screen.text() == expected)
        // The selected cell's title line is reversed across the cell, and only that one.
        #expect(screen.style(at: Point(row: 10, column: 25)) == .selection)
        #expect(screen.style(at: Point(row: 10, column: 27)) == [])
        #expect(screen.style(at: Point(row: 21, column: 1)) == [])
        #expect(screen.style(at: Point(row: 5, column: 9)) == .dim)
    }

    @Test func imagesAreCenteredInTheThumbnailArea() {
        let (grid, _) = makeGrid(items: 2, in: small)
        let image = TerminalImage(id: "a", size: CellSize(columns: 20, rows: 9), lines: Array(repeating: "\u{1B}[31m" + String(repeating: "#", count: 20), count: 9))
        grid.cellProvider = { GridCell(title: "t\($0)", image: $0 == 1 ? image : nil) }
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        #expect(screen.images.count == 1)
        #expect(screen.images.first?.0 == image)
        // The second cell starts at column 27, after the line left of each cell; its picture area is 25x9.
        #expect(screen.images.first?.1 == Point(row: 1, column: 27 + 2))
        #expect(screen.text()[1].hasSuffix("▌  " + String(repeating: "#", count: 20)))
    }

    @Test func oversizedImagesAreCroppedToTheCell() {
        let (grid, _) = makeGrid(items: 1, in: small)
        let image = TerminalImage(id: "big", size: CellSize(columns: 40, rows: 12), lines: Array(repeating: String(repeating: "x", count: 40), count: 12))
        grid.cellProvider = { _ in GridCell(title: "", image: image) }
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        #expect(screen.images.first?.0.size == CellSize(columns: 25, rows: 9))
        #expect(screen.images.first?.0.id != "big")
    }

    @Test func scrollingDownRowByRowAndBackUp() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        #expect(recorder.take() == (0..<6).map { .will($0) })

        grid.perform(.down)
        #expect(recorder.take() == [.move(3)])
        grid.perform(.down)
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .will(8), .move(6)])
        grid.perform(.down)
        #expect(recorder.take() == [.end(3), .end(4), .end(5), .will(9), .will(10), .will(11), .move(9)])
        #expect(grid.visibleRange == 6..<12)

        grid.perform(.up)
        #expect(recorder.take() == [.move(6)])
        grid.perform(.up)
        #expect(recorder.take() == [.end(9), .end(10), .end(11), .will(3), .will(4), .will(5), .move(3)])
        grid.perform(.up)
        #expect(recorder.take() == [.end(6), .end(7), .end(8), .will(0), .will(1), .will(2), .move(0)])
        grid.perform(.up)
        #expect(recorder.take() == [])
    }

    @Test func pagingHomeEndAndEnter() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        _ = recorder.take()
        grid.perform(.pageDown)
        #expect(grid.selectedIndex == 6)
        #expect(grid.visibleRange == 6..<12)
        grid.perform(.last)
        #expect(grid.selectedIndex == 29)
        #expect(grid.isLastRowVisible)
        #expect(grid.visibleRange == 24..<30)
        grid.perform(.pageUp)
        #expect(grid.selectedIndex == 23)
        grid.perform(.first)
        #expect(grid.selectedIndex == 0 && grid.topRow == 0)
        _ = recorder.take()
        grid.perform(.open)
        #expect(recorder.take() == [.select(0)])
    }

    @Test func downOnAShortLastRowGoesToTheLastItem() {
        let (grid, _) = makeGrid(items: 5, in: small)
        grid.perform(.right); grid.perform(.right)
        grid.perform(.down)
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

        grid.perform(.last)
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .move(7)])
        grid.setItemCount(12)
        #expect(recorder.take() == [.will(8)])
    }

    @Test func shrinkingEndsDisplayAndKeepsTheSelectionValid() {
        let (grid, recorder) = makeGrid(items: 6, in: small)
        grid.perform(.last)
        _ = recorder.take()
        grid.setItemCount(4)
        #expect(recorder.take() == [.end(4), .end(5), .move(3)])
        #expect(grid.selectedIndex == 3)
    }

    @Test func reloadEndsEverythingAndStartsOver() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        grid.perform(.pageDown)
        _ = recorder.take()
        grid.reloadItems(count: 2)
        #expect(recorder.take() == (6..<12).map { .end($0) } + [.will(0), .will(1)])
        #expect(grid.selectedIndex == 0)
    }

    @Test func replacingItemsKeepsTheViewportSelectsTheItemAndSendsNoEvents() {
        let (grid, recorder) = makeGrid(items: 30, in: small)
        grid.perform(.pageDown)
        _ = recorder.take()
        let top = grid.topRow
        // One more item, the selection's item one place later: still on screen, the rows stay.
        #expect(grid.replaceItems(count: 31, selecting: grid.selectedIndex + 1) == 6..<12)
        #expect(recorder.take().isEmpty)
        #expect(grid.topRow == top)
        // An item far below is scrolled to; events later are relative to what is shown now.
        #expect(grid.replaceItems(count: 31, selecting: 29) == 24..<30)
        #expect(grid.selectedIndex == 29)
        grid.perform(.up); grid.perform(.up)
        #expect(recorder.take() == [.move(26)] + (27..<30).map { .end($0) } + (21..<24).map { .will($0) } + [.move(23)])
        // Fewer items than the selection's place: the last one.
        #expect(grid.replaceItems(count: 5, selecting: 20) == 0..<5)
        #expect(grid.selectedIndex == 4)
    }

    @Test func selectionStaysInViewOnResize() {
        let (grid, recorder) = makeGrid(items: 100, in: large)
        for _ in 0..<2 { grid.perform(.down) }
        grid.perform(.right); grid.perform(.right); grid.perform(.right); grid.perform(.right)
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
        #expect(grid.handle(MouseEvent(kind: .wheelDown, position: .zero)))
        #expect(grid.topRow == 1)
        #expect(recorder.take() == [.end(0), .end(1), .end(2), .will(6), .will(7), .will(8), .move(3)])
        #expect(grid.handle(MouseEvent(kind: .press, position: Point(row: 12, column: 30))))
        #expect(grid.selectedIndex == 7)
        #expect(!grid.handle(MouseEvent(kind: .press, position: Point(row: 12, column: 26))))  // gap
        #expect(grid.handle(MouseEvent(kind: .doubleClick, position: Point(row: 2, column: 60))))
        #expect(recorder.take() == [.move(7), .move(5), .select(5)])
    }
}

@MainActor @Suite struct SelectionFrameTests {
    let rect = Rect(row: 0, column: 0, columns: 80, rows: 23)

    func drawn(_ grid: GridView) -> InMemoryScreen {
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        screen.beginFrame()
        grid.draw(on: screen)
        screen.endFrame()
        return screen
    }

    func grid(items: Int, image: TerminalImage? = nil) -> GridView {
        let grid = GridView()
        grid.setItemCount(items)
        grid.layout(in: rect)
        grid.cellProvider = { GridCell(title: "Photo \($0)", image: image) }
        return grid
    }

    /// The frame's cells, from the cell's size: half blocks along its four sides, against the cell.
    func expectFrame(on screen: InMemoryScreen, around cell: Rect) {
        let text = screen.text().map { Array($0) }
        func character(_ row: Int, _ column: Int) -> Character? {
            text[row].indices.contains(column) ? text[row][column] : nil
        }
        let left = cell.origin.column - 1
        #expect(character(cell.origin.row - 1, left) == "▗")
        #expect(character(cell.origin.row - 1, cell.maxColumn) == "▖")
        #expect(character(cell.maxRow, left) == "▝")
        #expect(character(cell.maxRow, cell.maxColumn) == "▘")
        for column in cell.origin.column..<cell.maxColumn {
            #expect(character(cell.origin.row - 1, column) == "▄")
            #expect(character(cell.maxRow, column) == "▀")
        }
        for row in cell.origin.row..<cell.maxRow {
            #expect(character(row, left) == "▐" && character(row, cell.maxColumn) == "▌")
        }
        // Accent and bold where there are colours; the characters alone where there are none.
        #expect(screen.style(at: Point(row: cell.maxRow, column: left)) == [.accent, .bold])
    }

    @Test func aFrameOfHalfBlocksSurroundsTheSelectedCellAndFollowsIt() {
        let grid = grid(items: 6)
        let size = CellSize(columns: grid.thumbnailSize.columns, rows: grid.thumbnailSize.rows + 1)
        expectFrame(on: drawn(grid), around: Rect(origin: Point(row: 1, column: 1), size: size))
        grid.perform(.right); grid.perform(.down)
        let screen = drawn(grid)
        let cell = Rect(origin: Point(row: 2 + size.rows, column: 2 + size.columns), size: size)
        expectFrame(on: screen, around: cell)
        // Only one frame: nothing of it is left around the first cell.
        #expect(screen.text().joined().filter { $0 == "▗" }.count == 1)
    }

    @Test func noPictureCoversTheFrame() {
        let picture = TerminalImage(id: "p", size: CellSize(columns: 40, rows: 20),
                                    lines: Array(repeating: String(repeating: "#", count: 40), count: 20))
        let grid = grid(items: 6, image: picture)
        grid.perform(.right)
        let screen = drawn(grid)
        let size = CellSize(columns: grid.thumbnailSize.columns, rows: grid.thumbnailSize.rows + 1)
        let cell = Rect(origin: Point(row: 1, column: 2 + size.columns), size: size)
        expectFrame(on: screen, around: cell)
        #expect(screen.images.count == 6)
    }

    @Test func aListHasNoFrame() {
        let grid = GridView()
        grid.setItemCount(6)
        grid.layout(in: Rect(row: 0, column: 0, columns: 10, rows: 5))
        grid.cellProvider = { GridCell(title: "Photo \($0)") }
        let text = drawn(grid).text().joined()
        #expect(!text.contains("▗") && text.contains("Photo 0"))
    }
}

/// Hears only which items are one row scroll away.
@MainActor final class GridNearRecorder: GridViewDelegate {
    private(set) var near: [[Int]] = []
    func gridView(_ grid: GridView, willDisplay index: Int) {}
    func gridView(_ grid: GridView, didEndDisplaying index: Int) {}
    func gridView(_ grid: GridView, didSelect index: Int) {}
    func gridView(_ grid: GridView, didMoveSelectionTo index: Int) {}
    func gridView(_ grid: GridView, willSoonDisplay indices: [Int]) { near.append(indices) }
}

@MainActor @Suite struct GridNearItemsTests {
    /// 80x24: 3 columns, 2 rows on screen. The row below comes first (scrolling down is the usual
    /// way), then the row above; told again only when it changes.
    @Test func theRowsBesideTheScreenAreToldWhenTheyChange() {
        let grid = GridView()
        let recorder = GridNearRecorder()
        grid.delegate = recorder
        grid.setItemCount(10)
        grid.layout(in: Rect(row: 0, column: 0, columns: 80, rows: 23))
        #expect(recorder.near == [[6, 7, 8]])
        grid.perform(.down)  // the selection moves within the screen: nothing new
        #expect(recorder.near == [[6, 7, 8]])
        grid.perform(.down)  // row 2 comes into view
        #expect(recorder.near.last == [9, 0, 1, 2])
        grid.perform(.down)  // the last row: nothing below
        #expect(recorder.near == [[6, 7, 8], [9, 0, 1, 2], [3, 4, 5]])
        grid.reloadItems(count: 10)
        #expect(recorder.near.last == [6, 7, 8], "a new list: told again")
    }
}
