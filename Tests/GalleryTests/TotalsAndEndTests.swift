import TUI
import TerminalVocabulary
import Testing
@testable import Gallery

@MainActor
@Suite("Totals and End")
struct TotalsAndEndTests {
    /// The grid over `source` as the app runs it, on a headless 100x30 screen.
    private func start(_ source: any PhotoSource) async -> (PhotosCoordinator, Navigator, InMemoryScreen) {
        let navigator = Navigator(requestRedraw: {})
        let environment = AppEnvironment(
            source: source, loader: FakeImageLoader(), renderer: FakeRenderer(), sourceName: "fake",
            renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        let coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
        coordinator.start()
        let screen = InMemoryScreen(size: CellSize(columns: 100, rows: 30))
        let grid = coordinator.viewModel!
        await grid.until { !grid.items.isEmpty }
        return (coordinator, navigator, screen)
    }

    private func frame(_ navigator: Navigator, _ screen: InMemoryScreen) -> [String] {
        screen.beginFrame()
        navigator.drawFrame(on: screen)
        screen.endFrame()
        return screen.text()
    }

    @Test func endFetchesOnlyTheLastPagesByNumber() async throws {
        let source = CountedPhotoSource(total: 1_512)
        let (coordinator, navigator, screen) = await start(source)
        let viewModel = try #require(coordinator.viewModel)
        #expect(viewModel.items.count == 1_512)
        #expect(viewModel.photos.count == 30)
        _ = frame(navigator, screen)
        #expect(frame(navigator, screen).last?.contains("1,512 photos · 1 of 1,512 · page 1 of 51") == true)

        _ = navigator.handle(.end)
        _ = frame(navigator, screen)
        // Only the pages on screen at the end: 51 (1,501-1,512) and maybe 50; none between.
        await viewModel.until { viewModel.photo(at: 1_511) != nil }
        #expect(source.pageCalls.first == 1)
        #expect(Set(source.pageCalls.dropFirst()).isSubset(of: [50, 51]) && source.pageCalls.contains(51))
        #expect(viewModel.photos.count <= 90)
        let status = frame(navigator, screen).last ?? ""
        #expect(status.contains("1,512 photos · 1,512 of 1,512 · page 51 of 51"), "\(status)")
        #expect(coordinator.grids[0].view.selectedPhoto?.id == "photo-1511")
        // The cells that were placeholders when End was pressed load their thumbnails once the page is in.
        await viewModel.until { viewModel.thumbnails["photo-1511"]?.thumbnail != nil }
    }

    @Test func holesShowPlaceholdersUntilTheirPageArrives() async throws {
        let source = CountedPhotoSource(total: 1_512)
        let (coordinator, navigator, screen) = await start(source)
        let viewModel = try #require(coordinator.viewModel)
        // Selecting far away without drawing: the cell is a hole until layout asks for its page.
        viewModel.update(.select(700))
        #expect(viewModel.photo(at: 700) == nil)
        _ = frame(navigator, screen)
        await viewModel.until { viewModel.photo(at: 700) != nil }
        #expect(source.pageCalls.contains(24))
        #expect(!source.pageCalls.contains(2))
        // ←/→ in the detail pane step across a hole by loading its page.
        let next = await viewModel.photo(adjacentTo: "photo-700", offset: 200)
        #expect(next?.id == "photo-900")
    }

    @Test func aSourceWithoutTotalsKeepsGrowingPageByPage() async throws {
        let app = SceneHarness()
        await app.startWithFirstPage()
        #expect(app.statusLine.hasSuffix("30 photos · 1 of 30  ? help"))
        app.press(.end)
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        #expect(app.grids[0].view.selectedPhoto?.id == "p1-29")
    }

    @Test func statusCountsAreGroupedAndPagesOnlyWhenKnown() {
        #expect(PhotosView.countParts(total: 1_512, selected: 83, perPage: 30, pageCount: 51)
                == ["1,512 photos", "84 of 1,512", "page 3 of 51"])
        #expect(PhotosView.countParts(total: 60, selected: 30, perPage: 30, pageCount: nil) == ["60 photos", "31 of 60"])
        #expect(PhotosView.countParts(total: 1, selected: 0, perPage: 30, pageCount: 1) == ["1 photo", "1 of 1"])
        #expect(PhotosView.countParts(total: 0, selected: 0, perPage: 30, pageCount: nil) == ["0 photos"])
        #expect(PhotosView.countParts(total: 25, folders: 5, selected: 6, perPage: 30, pageCount: 1)
                == ["5 folders · 20 photos", "7 of 25"])
        #expect(CountText.items(total: 1, folders: 1) == "1 folder")
        #expect(CountText.items(total: 2, folders: 1) == "1 folder · 1 photo")
        #expect(CountText.items(total: 25, folders: 3, videos: 2) == "3 folders · 20 photos · 2 videos")
        #expect(CountText.items(total: 1, folders: 0, videos: 1) == "1 video")
        #expect(CountText.items(total: 0, folders: 0) == "0 photos")
        #expect(CountText.media(photos: 39, videos: 3) == "39 photos, 3 videos")
        #expect(CountText.media(photos: 0, videos: 1) == "1 video")
        #expect(CountText.media(photos: 1, videos: 0) == "1 photo")
        #expect(CountText.media(photos: 1_380, videos: 2_001) == "1,380 photos, 2,001 videos")
        #expect(CountText.media(photos: 0, videos: 0) == "0 photos")
    }

    /// `r` with nothing failed reloads the pages where the user is, not page 1, and the selected
    /// photo stays selected where the feed moved it (two photos published since).
    @Test func refreshKeepsThePlaceAndTheSelectedPhoto() async throws {
        let source = CountedPhotoSource(total: 1_512)
        let (coordinator, navigator, screen) = await start(source)
        let viewModel = try #require(coordinator.viewModel)
        let grid = coordinator.grids[0].view
        viewModel.update(.select(83))
        _ = frame(navigator, screen)
        await viewModel.until { viewModel.photo(at: 83) != nil }
        _ = frame(navigator, screen)
        #expect(grid.selectedPhoto?.id == "photo-83")

        source.publish(2)
        let before = source.pageCalls.count
        _ = navigator.handle(.character("r"))
        _ = frame(navigator, screen)
        await eventually {
            _ = frame(navigator, screen)
            return grid.selectedPhoto?.id == "photo-83"
        }
        #expect(viewModel.index(ofPhotoID: "photo-83") == 85)
        #expect(frame(navigator, screen).last?.contains("1,514 photos · 86 of 1,514 · page 3 of 51") == true)
        // The selection's page first; page 1 is not on screen and is not asked for.
        let asked = source.pageCalls.dropFirst(before)
        #expect(asked.first == 3 && !asked.contains(1), "\(asked)")
        // The cells on screen fill in again.
        await viewModel.until { viewModel.thumbnails["photo-83"]?.thumbnail != nil }
    }

    /// A feed without a total reloads from page 1 up to the selection; a selected photo that left
    /// leaves the selection at its place.
    @Test func refreshWithoutATotalLoadsUpToTheSelection() async throws {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.character("n"))
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        app.source.resolvePage(2, with: .success(LibraryItem.page(2)))
        await app.grids[0].viewModel.until { app.grids[0].viewModel.photos.count == 60 }
        app.draw()
        app.press(.right, .right)
        #expect(app.grids[0].view.selectedPhoto?.id == "p2-2")

        app.press(.character("r"))
        await app.source.pages.until { $0.pendingKeys == ["1"] }
        app.source.resolvePage(1, with: .success(LibraryItem.page(1)))
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        app.source.resolvePage(2, with: .success(Array(LibraryItem.page(2).dropFirst())))
        await eventually {
            app.draw()
            return app.grids[0].view.selectedPhoto?.id == "p2-2"
        }
        #expect(app.statusLine.contains("59 photos · 32 of 59"))

        // Gone: the selection stays at its place, on the photo there now.
        app.press(.character("r"))
        await app.source.pages.until { $0.pendingKeys == ["1"] }
        app.source.resolvePage(1, with: .success(LibraryItem.page(1)))
        await app.source.pages.until { $0.pendingKeys == ["2"] }
        app.source.resolvePage(2, with: .success(LibraryItem.page(3)))
        await eventually {
            app.draw()
            return app.grids[0].view.selectedPhoto?.id == "p3-1"
        }
        #expect(app.statusLine.contains("60 photos · 32 of 60"))
    }

    @Test func viewModelStatusSaysTheTotal() async throws {
        let source = CountedPhotoSource(total: 1_512)
        let (coordinator, _, _) = await start(source)
        #expect(coordinator.viewModel?.statusText == "1,512 photos")
    }
}
