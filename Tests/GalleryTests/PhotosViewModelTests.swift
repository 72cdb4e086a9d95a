import Imaging
import Testing
@testable import Gallery
import TerminalVocabulary

struct TestError: Error, CustomStringConvertible {
    var description: String { "boom" }
}

@MainActor
@Suite("PhotosViewModel")
struct PhotosViewModelTests {
    let source = FakePhotoSource()
    let renderer = FakeRenderer()
    let cache = ThumbnailCache(capacityBytes: 1 << 20)

    /// Cropping, which the tests' URLs and rendered lines spell out (the grid starts with contain).
    func makeViewModel(loader: FakeImageLoader = FakeImageLoader(), perPage: Int = 30) -> PhotosViewModel {
        PhotosViewModel(source: source, loader: loader, renderer: renderer, renderMode: .ascii,
                        perPage: perPage, cache: cache, fit: .crop)
    }

    /// A view model showing page 1 (30 photos).
    func loadedViewModel(loader: FakeImageLoader = FakeImageLoader()) async -> PhotosViewModel {
        let viewModel = makeViewModel(loader: loader)
        viewModel.update(.appeared)
        await source.pages.until { $0.pendingKeys == ["1"] }
        source.resolvePage(1, with: .success(LibraryItem.page(1)))
        await viewModel.until { viewModel.photos.count == 30 }
        return viewModel
    }

    @Test func viewDidLoadFetchesPageOneOnce() async {
        let viewModel = makeViewModel()
        viewModel.update(.appeared)
        viewModel.update(.appeared)
        #expect(viewModel.isLoadingFirstPage)
        #expect(viewModel.statusText == "Fetching…")
        await source.pages.until { $0.pendingKeys == ["1"] }
        viewModel.update(.appeared)
        source.resolvePage(1, with: .success(LibraryItem.page(1)))
        await viewModel.until { !viewModel.isLoadingFirstPage }
        viewModel.update(.appeared)
        await settle()
        #expect(source.pageCalls == [1])
        #expect(viewModel.photos == LibraryItem.page(1))
        #expect(viewModel.statusText == "30 photos")
        #expect(!viewModel.reachedEnd)
    }

    @Test func searchFeedPagesThroughSearchResults() async {
        let viewModel = PhotosViewModel(source: source, loader: FakeImageLoader(), renderer: renderer, renderMode: .ascii,
                                        perPage: 30, cache: cache, feed: .search("sea"))
        viewModel.update(.appeared)
        await source.searches.until { $0.pendingKeys == ["sea/1"] }
        source.searches.resolve("sea/1", with: .success(LibraryItem.page(1)))
        await viewModel.until { viewModel.photos.count == 30 }
        viewModel.update(.willDisplay(29))
        await source.searches.until { $0.pendingKeys == ["sea/2"] }
        #expect(source.pageCalls.isEmpty)
    }

    @Test func lastItemShownRepeatedlyRequestsNextPageOnce() async {
        let viewModel = await loadedViewModel()
        for _ in 0..<5 { viewModel.update(.willDisplay(29)) }
        viewModel.update(.reachedBottom)
        #expect(viewModel.isLoadingMore)
        await source.pages.until { $0.pendingKeys == ["2"] }
        await settle()
        #expect(source.pageCalls == [1, 2])

        source.resolvePage(2, with: .success(LibraryItem.page(2)))
        await viewModel.until { viewModel.photos.count == 60 }
        #expect(viewModel.photos.map(\.id) == (LibraryItem.page(1) + LibraryItem.page(2)).map(\.id))
        #expect(!viewModel.isLoadingMore)
    }

    @Test func onlyTheLastItemTriggersPaging() async {
        let viewModel = await loadedViewModel()
        viewModel.update(.willDisplay(28))
        await settle()
        #expect(source.pageCalls == [1])
    }

    @Test func failedPageIsRetriedNotSkipped() async {
        let viewModel = await loadedViewModel()
        viewModel.update(.willDisplay(29))
        await source.pages.until { $0.pendingKeys == ["2"] }
        source.resolvePage(2, with: .failure(TestError()))
        await viewModel.until { viewModel.errorMessage != nil }
        #expect(viewModel.errorMessage == "boom")
        #expect(!viewModel.isLoadingMore)

        viewModel.update(.willDisplay(29))
        viewModel.update(.reachedBottom)
        #expect(viewModel.errorMessage == nil)
        await source.pages.until { $0.pendingKeys == ["2"] }
        #expect(source.pageCalls == [1, 2, 2])

        source.resolvePage(2, with: .success(LibraryItem.page(2)))
        await viewModel.until { viewModel.photos.count == 60 }
        viewModel.update(.reachedBottom)
        await source.pages.until { $0.pendingKeys == ["3"] }
        #expect(source.pageCalls == [1, 2, 2, 3])
    }

    @Test func retryReloadsAFailedFirstPage() async {
        let viewModel = makeViewModel()
        viewModel.update(.appeared)
        await source.pages.until { $0.pendingKeys == ["1"] }
        source.resolvePage(1, with: .failure(TestError()))
        await viewModel.until { viewModel.errorMessage != nil }
        #expect(!viewModel.isLoadingFirstPage)
        viewModel.update(.retry)
        await source.pages.until { $0.pendingKeys == ["1"] }
        #expect(source.pageCalls == [1, 1])
    }

    @Test func shortPageEndsTheFeed() async {
        let viewModel = await loadedViewModel()
        viewModel.update(.willDisplay(29))
        await source.pages.until { $0.pendingKeys == ["2"] }
        source.resolvePage(2, with: .success(LibraryItem.page(2, count: 4)))
        await viewModel.until { viewModel.photos.count == 34 }
        #expect(viewModel.reachedEnd)
        #expect(viewModel.statusText == "34 photos · end")
        viewModel.update(.willDisplay(33))
        viewModel.update(.reachedBottom)
        await settle()
        #expect(source.pageCalls == [1, 2])
    }

    @Test func duplicatesAcrossPagesAreDropped() async {
        let viewModel = await loadedViewModel()
        viewModel.update(.willDisplay(29))
        await source.pages.until { $0.pendingKeys == ["2"] }
        // The feed shifted by two: page 2 starts with the last two photos of page 1.
        let shifted = Array(LibraryItem.page(1).suffix(2)) + Array(LibraryItem.page(2).prefix(28))
        source.resolvePage(2, with: .success(shifted))
        await viewModel.until { viewModel.photos.count == 58 }
        #expect(Set(viewModel.photos.map(\.id)).count == 58)
        #expect(viewModel.photos.last?.id == "p2-27")
    }

    @Test func willDisplayLoadsThumbnailAtRendererPixelSize() async {
        let loader = FakeImageLoader()
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.thumbnailSize(CellSize(columns: 10, rows: 5)))
        viewModel.update(.willDisplay(3))
        #expect(viewModel.thumbnailState(at: 3) == .loading)
        await viewModel.until { viewModel.thumbnailState(at: 3)?.thumbnail != nil }
        let url = FakePhotoSource.imageURL(id: "p1-3", width: 20, height: 20, fit: .crop)
        #expect(loader.urls == [url])
        let thumbnail = viewModel.thumbnails["p1-3"]?.thumbnail
        #expect(thumbnail?.plainLines.first == "\(url) 10x5 crop")
        #expect(thumbnail?.rows == 5)
    }

    @Test func aGridStartsWithTheWholePhotoAndFTogglesToTheCrop() {
        let viewModel = PhotosViewModel(source: source, loader: FakeImageLoader(), renderer: renderer, renderMode: .ascii,
                                        cache: cache)
        #expect(viewModel.fit == .contain)
        #expect(viewModel.fit.toggled == .crop)
        #expect(PictureFit.crop.toggled == .contain)
    }

    @Test func switchingTheFitRendersTheVisibleThumbnailsAgainAndCachesEachFit() async {
        let loader = FakeImageLoader()
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.thumbnailSize(CellSize(columns: 10, rows: 5)))
        viewModel.update(.willDisplay(3))
        await viewModel.until { viewModel.thumbnailState(at: 3)?.thumbnail != nil }
        #expect(viewModel.thumbnails["p1-3"]?.thumbnail?.plainLines.first?.hasSuffix("10x5 crop") == true)

        viewModel.update(.fit(.contain))
        #expect(viewModel.fit == .contain)
        await viewModel.until { viewModel.thumbnailState(at: 3)?.thumbnail != nil }
        let contained = FakePhotoSource.imageURL(id: "p1-3", width: 20, height: 20, fit: .contain)
        #expect(viewModel.thumbnails["p1-3"]?.thumbnail?.plainLines.first == "\(contained) 10x5 contain")
        #expect(loader.urls.last == contained)

        // Back to the crop: the cache holds it under its own key, nothing is fetched or rendered.
        let renders = renderer.renders
        viewModel.update(.fit(.crop))
        #expect(viewModel.thumbnails["p1-3"]?.thumbnail?.plainLines.first?.hasSuffix("10x5 crop") == true)
        #expect(renderer.renders == renders && loader.urls.count == 2)
    }

    /// The row beside the screen is made once nothing shown is loading, and a scroll to it finds
    /// its thumbnails made: shown at once, not fetched or rendered again.
    @Test func theNearRowIsMadeAfterTheScreenAndShownFromTheCache() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        let url = { @Sendable (index: Int) in FakePhotoSource.imageURL(id: "p1-\(index)", width: 48, height: 32, fit: .crop) }
        viewModel.update(.willDisplay(0))
        viewModel.update(.willDisplay(1))
        viewModel.update(.willSoonDisplay([2, 3]))
        await loader.requests.until { $0.pendingKeys.count == 2 }
        await settle()
        #expect(Set(loader.urls) == [url(0), url(1)], "nothing near while the screen loads")

        loader.requests.resolve(url(0), with: .success(Array(url(0).utf8)))
        await settle()
        #expect(loader.urls.count == 2, "one on screen still loading")
        loader.requests.resolve(url(1), with: .success(Array(url(1).utf8)))
        await loader.requests.until { Set($0.pendingKeys) == [url(2), url(3)] }
        loader.requests.answerImmediately { .success(Array($0.utf8)) }
        loader.requests.resolve(url(2), with: .success(Array(url(2).utf8)))
        loader.requests.resolve(url(3), with: .success(Array(url(3).utf8)))
        await eventually { renderer.renders == 4 }
        await settle()

        viewModel.update(.willDisplay(2))
        #expect(viewModel.thumbnailState(at: 2)?.thumbnail?.plainLines.first?.hasPrefix(url(2)) == true)
        viewModel.update(.willDisplay(3))
        await viewModel.until { viewModel.thumbnailState(at: 3)?.thumbnail != nil }
        #expect(renderer.renders == 4 && loader.urls.count == 4, "made once, ahead")
    }

    /// A photo shown while it is being made ahead waits for that render; one no longer near
    /// stops being made.
    @Test func aNearPhotoShownMidwayIsNotMadeTwiceAndOneLeftBehindStops() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        let url = { @Sendable (index: Int) in FakePhotoSource.imageURL(id: "p1-\(index)", width: 48, height: 32, fit: .crop) }
        viewModel.update(.willSoonDisplay([5, 6]))
        await loader.requests.until { Set($0.pendingKeys) == [url(5), url(6)] }
        viewModel.update(.willDisplay(5))
        viewModel.update(.willSoonDisplay([7]))
        await loader.requests.until { $0.cancelledKeys == [url(6)] }
        #expect(viewModel.thumbnailState(at: 5) == .loading)
        loader.requests.resolve(url(5), with: .success(Array(url(5).utf8)))
        await viewModel.until { viewModel.thumbnailState(at: 5)?.thumbnail != nil }
        await loader.requests.until { $0.pendingKeys == [url(7)] }
        #expect(loader.urls.filter { $0 == url(5) }.count == 1, "fetched once")
    }

    /// A near row on a page not yet here (a source that tells its total, pages by number): that
    /// page is asked for a row early, and the row is made ahead once it arrives.
    @Test func aNearRowOnTheNextPageBringsThatPage() async {
        let counted = CountedPhotoSource(total: 100)
        let viewModel = PhotosViewModel(source: counted, loader: FakeImageLoader(), renderer: renderer, renderMode: .ascii,
                                         perPage: 10, cache: cache)
        viewModel.update(.appeared)
        await viewModel.until { viewModel.photos.count == 10 }
        for index in 5..<10 { viewModel.update(.willDisplay(index)) }
        viewModel.update(.willSoonDisplay(Array(10..<15) + Array(0..<5)))
        // The near rows are in the cache once their renders are done: each says so in an update.
        // Both of them, the one above too: renders run on threads of their own and may end in
        // any order, so waiting for the row below alone counted one render short now and then.
        await viewModel.until {
            (0..<15).allSatisfy { index in
                viewModel.photo(at: index).map { cache.thumbnail(for: ThumbnailKey(
                    photoID: $0.id, cells: viewModel.thumbnailSize,
                    renderMode: .ascii, fit: viewModel.fit)) != nil } ?? false
            }
        }
        #expect(renderer.renders == 15)
        #expect(counted.pageCalls == [1, 2])
        viewModel.update(.willDisplay(12))
        #expect(viewModel.thumbnailState(at: 12)?.thumbnail != nil, "made ahead")
        await settle()
        #expect(renderer.renders == 15)
    }

    @Test func repeatedWillDisplayStartsOneLoad() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(4))
        viewModel.update(.willDisplay(4))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        viewModel.update(.willDisplay(4))
        await settle()
        #expect(loader.urls.count == 1)
        #expect(loader.requests.cancelledKeys.isEmpty)
    }

    @Test func didEndDisplayingCancelsTheMatchingLoad() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(0))
        viewModel.update(.willDisplay(1))
        await loader.requests.until { $0.pendingKeys.count == 2 }
        viewModel.update(.didEndDisplaying(0))
        let first = FakePhotoSource.imageURL(id: "p1-0", width: 48, height: 32, fit: .crop)
        await loader.requests.until { $0.cancelledKeys == [first] }
        #expect(viewModel.thumbnails["p1-0"] == nil)
        #expect(viewModel.thumbnails["p1-1"] == .loading)
        #expect(loader.requests.pendingKeys.count == 1)
    }

    @Test func reshownItemRestartsACancelledLoadAndIgnoresTheOldOne() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(0))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        viewModel.update(.didEndDisplaying(0))
        viewModel.update(.willDisplay(0))
        await loader.requests.until { $0.pendingKeys.count == 1 && $0.cancelledKeys.count == 1 }
        #expect(viewModel.thumbnails["p1-0"] == .loading)
        let url = loader.requests.pendingKeys[0]
        loader.requests.resolve(url, with: .success(Array("new".utf8)))
        await viewModel.until { viewModel.thumbnails["p1-0"]?.thumbnail != nil }
        #expect(viewModel.thumbnails["p1-0"]?.thumbnail?.plainLines.first == "new 24x8 crop")
    }

    @Test func scrolledBackItemShowsCachedThumbnailWithoutLoading() async {
        let loader = FakeImageLoader()
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(2))
        await viewModel.until { viewModel.thumbnails["p1-2"]?.thumbnail != nil }
        let shown = viewModel.thumbnails["p1-2"]
        viewModel.update(.didEndDisplaying(2))
        #expect(viewModel.thumbnails["p1-2"] == nil)

        viewModel.update(.willDisplay(2))
        #expect(viewModel.thumbnails["p1-2"] == shown)
        await settle()
        #expect(loader.urls.count == 1)
        #expect(renderer.renders == 1)
    }

    @Test func failedThumbnailShowsErrorAndRetryReloadsIt() async {
        let loader = FakeImageLoader()
        loader.requests.answerImmediately { _ in .success(FakeRenderer.badData) }
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(0))
        await viewModel.until { viewModel.thumbnails["p1-0"] == .failed("Corrupt image: fake") }
        #expect(cache.count == 0)

        loader.requests.answerImmediately { url in .success(Array(url.utf8)) }
        viewModel.update(.retry)
        await viewModel.until { viewModel.thumbnails["p1-0"]?.thumbnail != nil }
        #expect(loader.urls.count == 2)
    }

    @Test func thumbnailSizeChangeReloadsVisibleItemsAndHidesOtherSizes() async {
        let loader = FakeImageLoader()
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(0))
        await viewModel.until { viewModel.thumbnails["p1-0"]?.thumbnail?.columns == 24 }

        viewModel.update(.thumbnailSize(CellSize(columns: 12, rows: 4)))
        #expect(viewModel.thumbnails["p1-0"] == .loading)
        await viewModel.until { viewModel.thumbnails["p1-0"]?.thumbnail?.columns == 12 }
        #expect(loader.urls.count == 2)

        // Back to the first size: the cached thumbnail shows at once.
        viewModel.update(.thumbnailSize(CellSize(columns: 24, rows: 8)))
        #expect(viewModel.thumbnails["p1-0"]?.thumbnail?.columns == 24)
        #expect(loader.urls.count == 2)
    }

    @Test func resultForAnOutdatedSizeIsDropped() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(0))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        let oldURL = loader.requests.pendingKeys[0]
        viewModel.update(.thumbnailSize(CellSize(columns: 12, rows: 4)))
        await loader.requests.until { $0.cancelledKeys == [oldURL] && $0.pendingKeys.count == 1 }
        let newURL = FakePhotoSource.imageURL(id: "p1-0", width: 24, height: 16, fit: .crop)
        #expect(loader.requests.pendingKeys == [newURL])
        loader.requests.resolve(newURL, with: .success(Array("fresh".utf8)))
        await viewModel.until { viewModel.thumbnails["p1-0"]?.thumbnail != nil }
        #expect(viewModel.thumbnails["p1-0"]?.thumbnail?.plainLines.first == "fresh 12x4 crop")
    }

    @Test func selectingTellsTheCoordinatorWhichPhoto() async {
        let coordinator = SpyCoordinator()
        let viewModel = await loadedViewModel()
        viewModel.coordinator = coordinator
        viewModel.update(.choose(7))
        viewModel.update(.choose(99))
        #expect(coordinator.selected == [LibraryItem.page(1)[7]])
    }

    @Test func outOfRangeIndicesAreIgnored() async {
        let loader = FakeImageLoader()
        let viewModel = await loadedViewModel(loader: loader)
        viewModel.update(.willDisplay(-1))
        viewModel.update(.willDisplay(30))
        viewModel.update(.didEndDisplaying(30))
        await settle()
        #expect(loader.urls.isEmpty)
        #expect(viewModel.thumbnails.isEmpty)
    }
}
