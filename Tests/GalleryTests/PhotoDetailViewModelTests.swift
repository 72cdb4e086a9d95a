import Imaging
import Net
import Testing
@testable import Gallery
import TerminalVocabulary

@MainActor
@Suite("PhotoDetailViewModel")
struct PhotoDetailViewModelTests {
    let source = FakePhotoSource()
    let renderer = FakeRenderer()
    /// The list the pane steps through (the pane holds it weakly, as it does the grid).
    let list = ListNeighbours(count: 10)

    func makeViewModel(_ photo: LibraryItem, loader: FakeImageLoader = FakeImageLoader(),
                       dwell: DetailDwell = .none) -> PhotoDetailViewModel {
        PhotoDetailViewModel(photo: photo, source: source, loader: loader, renderer: renderer, dwell: dwell)
    }

    /// A pane on photo "p0" of ten, whose waits before fetching details are held, by photo id,
    /// until the test resolves them (as if the user stopped on that photo).
    func flippingPane() -> (PhotoDetailViewModel, dwell: Responder<Void>) {
        let dwell = Responder<Void>()
        let viewModel = makeViewModel(list.photos[0], dwell: DetailDwell { try await dwell.call($0) })
        viewModel.neighbours = list
        viewModel.update(.appeared)
        return (viewModel, dwell)
    }

    /// Flipping through five photos asks nothing for them: only the one the user stops on has its
    /// record and statistics fetched, and going back to it asks nothing again.
    @Test func onlyThePhotoStoppedOnIsFetchedAndGoingBackAsksNothing() async {
        let (viewModel, dwell) = flippingPane()
        for step in 1...5 {
            viewModel.update(.move(by: 1))
            await viewModel.until { viewModel.photo.id == "p\(step)" }
        }
        // Each wait passed by is cancelled; a wait cancelled before its task ran says so when it
        // runs, so the order is not the steps'.
        await dwell.until { $0.pendingKeys == ["p5"] && $0.cancelledKeys.count == 5 }
        #expect(dwell.cancelledKeys.sorted() == ["p0", "p1", "p2", "p3", "p4"])
        #expect(source.details.calls.isEmpty && source.extras.calls.isEmpty)
        #expect(viewModel.isLoading)

        dwell.resolve("p5", with: .success(()))
        await source.details.until { $0.pendingKeys == ["p5"] }
        source.details.resolve("p5", with: .success(.sample("p5", description: "Full record")))
        await viewModel.until { viewModel.title == "Full record" && viewModel.extraDetails == ["views of p5"] }
        #expect(!viewModel.isLoading)

        viewModel.update(.move(by: -1))
        await viewModel.until { viewModel.photo.id == "p4" && viewModel.title == "Untitled" && viewModel.extraDetails.isEmpty }
        viewModel.update(.move(by: 1))
        await viewModel.until { viewModel.photo.id == "p5" }
        #expect(viewModel.title == "Full record" && viewModel.extraDetails == ["views of p5"] && !viewModel.isLoading)
        await settle()
        #expect(source.details.calls == ["p5"] && source.extras.calls == ["p5"])
        #expect(dwell.calls.filter { $0 == "p5" }.count == 1)
    }

    /// Moving on while the details are on their way cancels their requests (and so their transfers).
    @Test func movingOnCancelsTheRequestsUnderWay() async {
        source.extras.answerImmediately(nil)
        let (viewModel, dwell) = flippingPane()
        await dwell.until { $0.pendingKeys == ["p0"] }
        dwell.resolve("p0", with: .success(()))
        await eventually { source.details.pendingKeys == ["p0"] && source.extras.pendingKeys == ["p0"] }
        viewModel.update(.move(by: 1))
        await eventually { source.details.cancelledKeys == ["p0"] && source.extras.cancelledKeys == ["p0"] }
        await dwell.until { $0.pendingKeys == ["p1"] }
        #expect(viewModel.errorMessage == nil)
    }

    @Test func theDetailsCacheKeepsTheLastPhotosShown() {
        let cache = PhotoDetailsCache(capacity: 2)
        cache.store(.sample("a"))
        cache.store(extraDetails: ["1 view"], for: "a")
        cache.store(.sample("b"))
        #expect(cache.entry(for: "a") == .init(photo: .sample("a"), extraDetails: ["1 view"]))
        cache.store(.sample("c"))
        // "b" was the least recently shown.
        #expect(cache.entry(for: "b") == .init())
        #expect(cache.entry(for: "a").photo?.id == "a" && cache.entry(for: "c").photo?.id == "c")
        #expect(cache.count == 2)
    }

    @Test func showsFactsOfThePhoto() {
        let viewModel = makeViewModel(.sample("a", description: "  A red fox \n", width: 4000, height: 2667, likes: 1))
        #expect(viewModel.title == "A red fox")
        #expect(viewModel.author == "by Ann Lee (@annlee)")
        #expect(viewModel.dimensions == "4000 × 2667")
        #expect(viewModel.likes == "1 like")
        #expect(viewModel.attribution == "Photo by Ann Lee on Unsplash")
        #expect(viewModel.link == "https://unsplash.test/photos/a?utm_source=gallery&utm_medium=referral")
        #expect(viewModel.image == nil)
    }

    @Test func aPhotoWhoseSourceSaysItHasNoWebPageShowsNoLink() {
        let demo = FakePhotoSource(noWebPageReason: "demo photos have no web page")
        let viewModel = PhotoDetailViewModel(photo: .sample("a"), source: demo, loader: FakeImageLoader(), renderer: renderer)
        #expect(viewModel.link == "")
        #expect(makeViewModel(.sample("a")).link.hasPrefix("https://unsplash.test/photos/a"))
    }

    @Test func titleFallsBackToAltDescription() {
        #expect(makeViewModel(.sample("a", altDescription: "a fox in snow")).title == "a fox in snow")
        #expect(makeViewModel(.sample("a", description: " ", altDescription: "a fox")).title == "a fox")
        #expect(makeViewModel(.sample("a")).title == "Untitled")
    }

    @Test func viewDidLoadReplacesThePhotoWithItsFullRecord() async {
        let viewModel = makeViewModel(.sample("a"))
        viewModel.update(.appeared)
        viewModel.update(.appeared)
        #expect(viewModel.isLoading)
        await source.details.until { $0.pendingKeys == ["a"] }
        source.details.resolve("a", with: .success(.sample("a", description: "Full text", likes: 42)))
        await viewModel.until { !viewModel.isLoading }
        #expect(viewModel.title == "Full text")
        #expect(viewModel.likes == "42 likes")
        #expect(viewModel.errorMessage == nil)
        #expect(source.details.calls == ["a"])
    }

    @Test func failedDetailsShowAnErrorAndStopLoading() async {
        let viewModel = makeViewModel(.sample("a", altDescription: "kept"))
        viewModel.update(.appeared)
        await source.details.until { $0.pendingKeys == ["a"] }
        source.details.resolve("a", with: .failure(HTTPError.status(404, headers: [:])))
        await viewModel.until { !viewModel.isLoading }
        #expect(viewModel.errorMessage == "Not found (HTTP 404)")
        #expect(viewModel.title == "kept")
    }

    @Test func imageAreaLoadsAFittedImageAndReplacesAnEarlierLoad() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.update(.imageArea(CellSize(columns: 40, rows: 20)))
        #expect(viewModel.image == .loading)
        let first = FakePhotoSource.imageURL(id: "a", width: 80, height: 80, fit: .contain)
        await loader.requests.until { $0.pendingKeys == [first] }

        viewModel.update(.imageArea(CellSize(columns: 60, rows: 30)))
        let second = FakePhotoSource.imageURL(id: "a", width: 120, height: 120, fit: .contain)
        await loader.requests.until { $0.cancelledKeys == [first] && $0.pendingKeys == [second] }
        loader.requests.resolve(second, with: .success(Array("big".utf8)))
        await viewModel.until { viewModel.image?.thumbnail != nil }
        #expect(viewModel.image?.thumbnail?.plainLines.first == "big 60x30 contain")

        viewModel.update(.imageArea(CellSize(columns: 60, rows: 30)))
        await settle()
        #expect(loader.urls.count == 2)
    }

    /// Once a photo's picture is on the screen (not before: its bytes need the cores), its
    /// neighbours' are made at the pane's size, the way the last step went first; a step to one
    /// shows it at once, neither loaded nor drawn again, and so does a step back to the photo just left.
    @Test func theNeighboursPicturesAreMadeAheadAndAStepShowsOneAtOnce() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = makeViewModel(list.photos[1], loader: loader)
        viewModel.neighbours = list
        viewModel.update(.appeared)
        let cells = CellSize(columns: 40, rows: 20)
        let url: @Sendable (String) -> String = { FakePhotoSource.imageURL(id: $0, width: 80, height: 80, fit: .contain) }
        viewModel.update(.imageArea(cells))
        await loader.requests.until { $0.pendingKeys == [url("p1")] }
        loader.requests.resolve(url("p1"), with: .success(Array("p1".utf8)))
        await viewModel.until { viewModel.image?.thumbnail != nil }
        await settle()
        #expect(loader.urls == [url("p1")], "nothing made ahead before the picture is shown")
        viewModel.update(.pictureShown)
        for id in ["p2", "p0"] {
            await loader.requests.until { $0.pendingKeys == [url(id)] }
            loader.requests.resolve(url(id), with: .success(Array(id.utf8)))
        }
        await viewModel.until { viewModel.ahead.has("p0", cells: cells) && viewModel.ahead.has("p2", cells: cells) }
        let (loads, renders) = (loader.urls.count, renderer.renders)

        viewModel.update(.move(by: 1))
        await viewModel.until { viewModel.photo.id == "p2" }
        #expect(viewModel.image?.thumbnail?.plainLines.first == "p2 40x20 contain")
        viewModel.update(.pictureShown)
        // Nothing is loaded for p2 again: what is loaded since is the next one on, made ahead in turn.
        #expect(!loader.urls.dropFirst(loads).contains(url("p2")) && renderer.renders == renders)
        await loader.requests.until { $0.pendingKeys == [url("p3")] }

        viewModel.update(.move(by: -1))
        await viewModel.until { viewModel.photo.id == "p1" }
        #expect(viewModel.image?.thumbnail?.plainLines.first == "p1 40x20 contain")
        #expect(renderer.renders == renders)
    }

    /// A step past either end does nothing, and says so until the next step.
    @Test func aStepPastTheEndSaysSo() async {
        let viewModel = makeViewModel(list.photos[9])
        viewModel.neighbours = list
        viewModel.update(.appeared)
        viewModel.update(.move(by: 1))
        await viewModel.until { viewModel.note == "this is the last photo" }
        #expect(viewModel.photo.id == "p9")
        viewModel.update(.move(by: -1))
        #expect(viewModel.note == nil)
        await viewModel.until { viewModel.photo.id == "p8" }
    }

    @Test func failedImageStopsTheSpinner() async {
        let loader = FakeImageLoader()
        loader.requests.answerImmediately { _ in .failure(HTTPError.timedOut) }
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.update(.imageArea(CellSize(columns: 10, rows: 5)))
        await viewModel.until { viewModel.image == .failed("Network error: timed out") }
    }

    @Test func closeTellsTheCoordinatorAndCancelsLoads() async {
        let loader = FakeImageLoader(held: true)
        let coordinator = SpyCoordinator()
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.coordinator = coordinator
        viewModel.update(.imageArea(CellSize(columns: 10, rows: 5)))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        viewModel.update(.close)
        #expect(coordinator.closeCount == 1)
        await loader.requests.until { $0.cancelledKeys.count == 1 }
    }
}

/// A list of `count` photos, "p0" to "p9", answering ←/→ at once.
@MainActor final class ListNeighbours: PhotoNeighbours {
    let photos: [LibraryItem]

    init(count: Int) {
        photos = (0..<count).map { LibraryItem.sample("p\($0)") }
    }

    func photo(adjacentTo id: String, offset: Int) async -> LibraryItem? {
        guard let index = photos.firstIndex(where: { $0.id == id }), photos.indices.contains(index + offset) else { return nil }
        return photos[index + offset]
    }

    func place(of id: String) -> (index: Int, count: Int)? {
        photos.firstIndex { $0.id == id }.map { ($0, photos.count) }
    }

    func photo(nearest index: Int) -> LibraryItem? { photos.isEmpty ? nil : photos[min(index, photos.count - 1)] }
}
