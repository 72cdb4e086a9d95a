import Imaging
import Net
import Testing
@testable import Gallery
import TerminalEnvironment

@MainActor
@Suite("PhotoDetailViewModel")
struct PhotoDetailViewModelTests {
    let source = FakePhotoSource()
    let renderer = FakeRenderer()

    func makeViewModel(_ photo: Photo, loader: FakeImageLoader = FakeImageLoader()) -> PhotoDetailViewModel {
        PhotoDetailViewModel(photo: photo, source: source, loader: loader, renderer: renderer)
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

    @Test func titleFallsBackToAltDescription() {
        #expect(makeViewModel(.sample("a", altDescription: "a fox in snow")).title == "a fox in snow")
        #expect(makeViewModel(.sample("a", description: " ", altDescription: "a fox")).title == "a fox")
        #expect(makeViewModel(.sample("a")).title == "Untitled")
    }

    @Test func viewDidLoadReplacesThePhotoWithItsFullRecord() async {
        let viewModel = makeViewModel(.sample("a"))
        viewModel.viewDidLoad()
        viewModel.viewDidLoad()
        #expect(viewModel.isLoading)
        await eventually { source.details.pendingKeys == ["a"] }
        source.details.resolve("a", with: .success(.sample("a", description: "Full text", likes: 42)))
        await eventually { !viewModel.isLoading }
        #expect(viewModel.title == "Full text")
        #expect(viewModel.likes == "42 likes")
        #expect(viewModel.errorMessage == nil)
        #expect(source.details.calls == ["a"])
    }

    @Test func failedDetailsShowAnErrorAndStopLoading() async {
        let viewModel = makeViewModel(.sample("a", altDescription: "kept"))
        viewModel.viewDidLoad()
        await eventually { source.details.pendingKeys == ["a"] }
        source.details.resolve("a", with: .failure(HTTPError.status(404, headers: [:])))
        await eventually { !viewModel.isLoading }
        #expect(viewModel.errorMessage == "Not found (HTTP 404)")
        #expect(viewModel.title == "kept")
    }

    @Test func imageAreaLoadsAFittedImageAndReplacesAnEarlierLoad() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.setImageArea(columns: 40, rows: 20)
        #expect(viewModel.image == .loading)
        let first = FakePhotoSource.imageURL(id: "a", width: 80, height: 80, fit: .max)
        await eventually { loader.requests.pendingKeys == [first] }

        viewModel.setImageArea(columns: 60, rows: 30)
        let second = FakePhotoSource.imageURL(id: "a", width: 120, height: 120, fit: .max)
        await eventually { loader.requests.cancelledKeys == [first] && loader.requests.pendingKeys == [second] }
        loader.requests.resolve(second, with: .success(Array("big".utf8)))
        await eventually { viewModel.image?.thumbnail != nil }
        #expect(viewModel.image?.thumbnail?.plainLines.first == "big 60x30 max")

        viewModel.setImageArea(columns: 60, rows: 30)
        await settle()
        #expect(loader.urls.count == 2)
    }

    @Test func failedImageStopsTheSpinner() async {
        let loader = FakeImageLoader()
        loader.requests.answerImmediately { _ in .failure(HTTPError.timedOut) }
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.setImageArea(columns: 10, rows: 5)
        await eventually { viewModel.image == .failed("Network error: timed out") }
    }

    @Test func closeTellsTheCoordinatorAndCancelsLoads() async {
        let loader = FakeImageLoader(held: true)
        let coordinator = SpyCoordinator()
        let viewModel = makeViewModel(.sample("a"), loader: loader)
        viewModel.coordinator = coordinator
        viewModel.setImageArea(columns: 10, rows: 5)
        await eventually { loader.requests.pendingKeys.count == 1 }
        viewModel.close()
        #expect(coordinator.closeCount == 1)
        await eventually { loader.requests.cancelledKeys.count == 1 }
    }
}
