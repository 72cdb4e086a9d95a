import Testing
@testable import TUI
import TerminalVocabulary

/// The grid on screens of every size: the list fallback, resizes, half-page and jump keys.
@MainActor @Suite struct GridAdaptationTests {
    func makeGrid(items: Int, screen: InMemoryScreen) -> GridView {
        let grid = GridView()
        grid.cellProvider = { GridCell(title: "Photo \($0)", placeholder: "loading…") }
        grid.setItemCount(items)
        layOut(grid, on: screen)
        return grid
    }

    /// Lays the grid out over the screen less its status row and draws a frame, as a scene does.
    func layOut(_ grid: GridView, on screen: InMemoryScreen) {
        let rect = Rect(row: 0, column: 0, columns: screen.size.columns, rows: screen.size.rows - 1)
        grid.layout(in: rect)
        screen.beginFrame()
        grid.draw(on: screen)
        screen.endFrame()
    }

    @Test func tinyTerminalShowsAListWithAHint() {
        let screen = InMemoryScreen(size: CellSize(columns: 20, rows: 6))
        let grid = makeGrid(items: 30, screen: screen)
        grid.select(2)
        layOut(grid, on: screen)
        #expect(grid.isList)
        #expect(screen.text() == ["Photo 0", "Photo 1", "Photo 2", "Photo 3", "terminal too small", ""])
        // The selected title is highlighted across the line, the others are not.
        #expect((0..<20).allSatisfy { screen.style(at: Point(row: 2, column: $0)) == .selection })
        #expect(screen.style(at: Point(row: 1, column: 0)) == [])
        #expect(screen.style(at: Point(row: 4, column: 0)) == .dim)
        #expect(screen.images.isEmpty)
    }

    @Test func listScrollsToKeepTheSelectionInViewAndLongTitlesAreCut() {
        let screen = InMemoryScreen(size: CellSize(columns: 12, rows: 4))
        let grid = GridView()
        grid.cellProvider = { GridCell(title: "A long title number \($0)") }
        grid.setItemCount(10)
        layOut(grid, on: screen)
        grid.perform(.down)
        grid.perform(.down)
        grid.perform(.down)
        layOut(grid, on: screen)
        #expect(grid.selectedIndex == 3)
        #expect(screen.text() == ["A long titl…", "A long titl…", "terminal to…", ""])
        #expect(screen.style(at: Point(row: 1, column: 0)) == .selection)
    }

    @Test func aClickInTheListSelectsThatLine() {
        let screen = InMemoryScreen(size: CellSize(columns: 20, rows: 6))
        let grid = makeGrid(items: 30, screen: screen)
        #expect(grid.handle(MouseEvent(kind: .press, position: Point(row: 3, column: 5))))
        #expect(grid.selectedIndex == 3)
    }

    @Test func oneLineTerminalStillListsWithoutTheHint() {
        let screen = InMemoryScreen(size: CellSize(columns: 30, rows: 2))
        _ = makeGrid(items: 5, screen: screen)
        #expect(screen.text() == ["Photo 0", ""])
    }

    @Test func resizingKeepsTheSelectedPhotoInView() {
        let screen = InMemoryScreen(size: CellSize(columns: 200, rows: 60))
        let grid = makeGrid(items: 100, screen: screen)
        grid.select(77)
        layOut(grid, on: screen)
        #expect(screen.text().contains { $0.contains("Photo 77") })
        for size in [CellSize(columns: 80, rows: 24), CellSize(columns: 20, rows: 6), CellSize(columns: 120, rows: 40),
                     CellSize(columns: 30, rows: 12), CellSize(columns: 200, rows: 60)] {
            screen.resize(to: size)
            layOut(grid, on: screen)
            #expect(grid.selectedIndex == 77, "at \(size)")
            #expect(grid.visibleRange.contains(77), "at \(size)")
            #expect(screen.text().contains { $0.contains("Photo 77") }, "at \(size): \(screen.text())")
        }
    }

    @Test func ctrlDAndCtrlUMoveHalfAScreenful() {
        // 80x23: 3 columns, 2 visible rows: half a screenful is one row of 3.
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        let grid = makeGrid(items: 30, screen: screen)
        grid.perform(.halfPageDown)
        #expect(grid.selectedIndex == 3)
        #expect(grid.topRow == 1)
        grid.perform(.halfPageDown)
        #expect(grid.selectedIndex == 6)
        grid.perform(.halfPageUp)
        #expect(grid.selectedIndex == 3)
        grid.perform(.pageDown)
        #expect(grid.selectedIndex == 9)
    }

    @Test func selectJumpsAndTellsTheDelegate() {
        let screen = InMemoryScreen(size: CellSize(columns: 80, rows: 24))
        let grid = makeGrid(items: 30, screen: screen)
        let recorder = GridEventRecorder()
        grid.delegate = recorder
        grid.select(20)
        #expect(grid.selectedIndex == 20)
        #expect(grid.visibleRange.contains(20))
        #expect(recorder.take().contains(.move(20)))
        grid.select(99)
        #expect(grid.selectedIndex == 29)
    }
}
