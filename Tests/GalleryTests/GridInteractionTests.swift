import TUI
import Testing
@testable import Gallery
import Imaging
import TerminalVocabulary

@MainActor
@Suite("Grid and detail interaction")
struct GridInteractionTests {
    @Test func nJumpsToTheNextPageLoadingItAndNGoesBack() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.character("n"))
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        #expect(app.grids[0].view.selectedPhoto?.id == "p1-29")
        app.source.resolvePage(2, with: .success(LibraryItem.page(2)))
        await app.grids[0].viewModel.until { app.grids[0].viewModel.photos.count == 60 }
        app.draw()
        #expect(app.grids[0].view.selectedPhoto?.id == "p2-0")
        #expect(app.statusLine.contains("60 photos · 31 of 60"))
        app.press(.right, .character("N"))
        #expect(app.grids[0].view.selectedPhoto?.id == "p2-0")
        app.press(.character("N"))
        #expect(app.grids[0].view.selectedPhoto?.id == "p1-0")
        app.press(.character("n"))
        #expect(app.grids[0].view.selectedPhoto?.id == "p2-0")
    }

    @Test func detailStepsThroughTheListLoadingTheNextPage() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.end, .enter)
        #expect(app.navigator.depth == 2)
        app.press(.left)
        await app.source.details.until { $0.pendingKeys.contains("p1-28") }
        app.draw()
        #expect(app.screen.text().contains { $0.contains("by Ann Lee") })
        app.press(.character("l"), .right)
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        app.source.resolvePage(2, with: .success(LibraryItem.page(2)))
        await app.source.details.until { $0.pendingKeys.contains("p2-0") }
        app.press(.escape)
        #expect(app.navigator.depth == 1)
        // The grid follows the pane: the last photo shown is selected.
        #expect(app.grids[0].view.selectedPhoto?.id == "p2-0")
    }

    @Test func detailStopsAtTheFirstPhoto() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.enter, .left)
        await settle()
        app.press(.escape)
        #expect(app.grids[0].view.selectedPhoto?.id == "p1-0")
    }

    @Test func detailShowsDateAndColour() async {
        let app = SceneHarness(size: CellSize(columns: 120, rows: 30)) { $0.colorDepth = .trueColor }
        await app.startWithFirstPage()
        app.press(.enter)
        let text = app.draw()
        // The time it was taken, as the locale writes it, under the title; then its place.
        let title = text.firstIndex { $0.contains("Untitled") }
        let taken = text.firstIndex { $0.contains("Taken " + TakenDate(timestamp: "2024-01-02T03:04:05Z")!.text) }
        #expect(title != nil && taken == title! + 1, "\(text)")
        #expect(text.contains { $0.contains("1 of 30") })
        let swatchRow = text.firstIndex { $0.contains("#a0b0c0") }
        #expect(swatchRow != nil)
        // The swatch is a picture of the colour over the placeholder blocks.
        let swatch = app.screen.images.first { $0.0.id.hasPrefix("swatch/") }
        #expect(swatch?.0.lines == ["\u{1B}[48;2;160;176;192m      \u{1B}[0m"])
        #expect(swatch?.1.row == swatchRow)
    }

    @Test func withoutColourTheSwatchIsNamed() async {
        let app = SceneHarness(size: CellSize(columns: 120, rows: 30)) { $0.colorDepth = .none }
        await app.startWithFirstPage()
        app.press(.enter)
        #expect(app.draw().contains { $0.contains("colour #a0b0c0") })
        #expect(!app.screen.images.contains { $0.0.id.hasPrefix("swatch/") })
    }

    @Test func actionKeysWorkInGridAndDetail() async throws {
        let clipboard = FakeClipboard()
        let opener = FakeOpener(available: true)
        let app = SceneHarness { $0.clipboard = clipboard; $0.opener = opener }
        await app.startWithFirstPage()
        app.press(.character("y"))
        #expect(clipboard.copied == [LibraryItem.sample("p1-0").referralLink])
        #expect(app.statusLine.hasPrefix(" copied https://unsplash.test/photos/p1-0"))
        app.press(.character("l"))
        #expect(app.statusLine.hasPrefix(" gallery · fake"))
        app.press(.enter, .character("o"))
        #expect(opener.urls == [LibraryItem.sample("p1-1").referralLink])
        #expect(app.statusLine.hasPrefix(" opening https://unsplash.test/photos/p1-1"))
        app.press(.character("d"))
        #expect(app.statusLine.hasPrefix(" downloads are not available"))
    }

    @Test func rRefreshesWhenNothingFailed() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.character("r"))
        await app.source.pages.until { $0.pendingKeys == ["1"] }
        #expect(app.grids[0].viewModel.photos.isEmpty)
        app.source.resolvePage(1, with: .success((0..<30).map { LibraryItem.sample("new\($0)") }))
        await app.grids[0].viewModel.until { app.grids[0].viewModel.photos.count == 30 }
        app.draw()
        #expect(app.grids[0].view.selectedPhoto?.id == "new0")
        #expect(app.source.pageCalls == [1, 1])
    }

    @Test func helpOverlayListsTheKeysAboveThePictures() async {
        var keyMap = KeyMap.standard
        keyMap.rebind(.quit, to: "X")
        let app = SceneHarness(size: CellSize(columns: 160, rows: 60)) { [keyMap] in $0.keyMap = keyMap }
        await app.startWithFirstPage()
        await eventually { !app.draw().isEmpty && !app.screen.images.isEmpty }
        let below = try! #require(app.navigator.top)
        app.navigator.push(HelpView(over: below, keyMap: keyMap, navigator: app.navigator))
        let text = app.draw().joined(separator: "\n")
        for expected in ["Keys", "Ctrl-U Ctrl-D", "next / previous page", "download the original",
                         "copy the file's path or the link", "mark / unmark; invert the marks",
                         "move marked (else selected) items to the trash", "undo the last move to the trash or to a folder",
                         "copy / move marked (else selected) photos to a folder", "run a command on marked (else selected) photos",
                         "rename the file or folder", "X  Ctrl-C", "any key closes this help"] {
            #expect(text.contains(expected), "\(expected)")
        }
        let box = try! #require(boxRect(in: app.screen))
        #expect(!app.screen.images.isEmpty, "pictures outside the box stay")
        #expect(app.screen.images.allSatisfy { !Rect(origin: $0.1, size: $0.0.size).intersects(box) })
        app.press(.character("j"))
        #expect(app.navigator.top === below)
    }

    /// The reverse-video box of the help overlay.
    private func boxRect(in screen: InMemoryScreen) -> Rect? {
        let rows = (0..<screen.size.rows).filter { row in
            (0..<screen.size.columns).contains { screen.style(at: Point(row: row, column: $0)).contains(.reverse) }
        }.filter { $0 < screen.size.rows - 1 }
        guard let top = rows.first, let bottom = rows.last else { return nil }
        let columns = (0..<screen.size.columns).filter { screen.style(at: Point(row: top, column: $0)).contains(.reverse) }
        guard let left = columns.first, let right = columns.last else { return nil }
        return Rect(row: top, column: left, columns: right - left + 1, rows: bottom - top + 1)
    }

    @Test func spinnerTicksOnlyWhileLoading() async {
        let spinner = LoadingSpinner(interval: .milliseconds(5))
        #expect(!spinner.isRunning)
        spinner.update(isLoading: true)
        spinner.update(isLoading: true)
        await eventually { spinner.tick >= 3 }
        #expect(LoadingSpinner.frames.contains(spinner.frame))
        spinner.update(isLoading: false)
        #expect(!spinner.isRunning)
        let stopped = spinner.tick
        try? await Task.sleep(for: .milliseconds(30))
        #expect(spinner.tick == stopped)
    }

    @Test func statusShowsASpinnerWhileAPageLoads() async {
        let app = SceneHarness()
        app.coordinator.start()
        let status = app.statusLine
        #expect(LoadingSpinner.frames.contains { status.hasSuffix("\($0) 0 photos  ? help") })
        await app.source.pages.until { $0.pendingKeys == ["1"] }
        app.source.resolvePage(1, with: .success(LibraryItem.page(1)))
        await app.grids[0].viewModel.until { app.grids[0].viewModel.photos.count == 30 }
        #expect(app.statusLine.hasSuffix("30 photos · 1 of 30  ? help"))
    }
}
