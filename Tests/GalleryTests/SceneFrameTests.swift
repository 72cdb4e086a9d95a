import TUI
import Testing
@testable import Gallery
import TerminalVocabulary

/// A frame is a layout step, which changes state (and so starts loads), then a draw that only reads.
@MainActor @Suite struct SceneFrameTests {
    @Test func drawingStartsNothingLayingOutDoes() async throws {
        let app = SceneHarness(size: CellSize(columns: 100, rows: 12))
        await app.startWithFirstPage()
        let viewModel = try #require(app.coordinator.viewModel)
        let scene = try #require(app.navigator.top)
        let requested = viewModel.thumbnails.count
        #expect(requested > 0 && requested < 30)

        // A taller screen shows more rows, but drawing into it alone asks for nothing.
        let taller = InMemoryScreen(size: CellSize(columns: 100, rows: 40))
        let rect = Rect(origin: .zero, size: taller.size)
        taller.beginFrame()
        scene.draw(on: taller, in: rect)
        taller.endFrame()
        #expect(viewModel.thumbnails.count == requested)

        // Its layout step is what tells the view model the new rows will display.
        scene.layout(in: rect)
        #expect(viewModel.thumbnails.count > requested)
    }

    @Test func aKeyThatMovesTheSelectionAsksForOneFrame() async throws {
        let app = SceneHarness()
        await app.startWithFirstPage()
        for key in [Key.character("l"), .character("j"), .down, .character("k")] {
            let before = app.redrawRequests
            app.press(key)
            #expect(app.redrawRequests == before + 1, "\(key)")
            app.draw()
        }
    }
}
