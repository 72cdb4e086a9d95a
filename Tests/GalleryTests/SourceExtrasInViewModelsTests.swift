import Testing
@testable import Gallery
import TerminalEnvironment

/// A source with fixed answers: every page full, with `lastPage` declared the last; extra detail
/// lines, no attribution and no likes, like a local folder.
private struct ScriptedSource: PhotoSource {
    var lastPage = 1
    var extras: [String] = []

    func photos(page: Int, perPage: Int) async throws -> [Photo] { Photo.page(page, count: perPage) }
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        PhotoPage(photos: try await photos(page: page, perPage: perPage), isLast: page >= lastPage)
    }
    func photo(id: String) async throws -> Photo {
        Photo(id: id, width: 3, height: 2, user: .init(name: "pictures", username: ""),
              urls: .init(raw: "", full: "", regular: "", small: "", thumb: ""), links: .init(html: ""))
    }
    func imageURL(for photo: Photo, width: Int, height: Int, fit: ImageFit) -> String { photo.id }
    func extraDetails(for photo: Photo) async throws -> [String] { extras }
    func attribution(for photo: Photo) -> String? { nil }
    var hasLikes: Bool { false }
}

@MainActor
@Suite("Sources' extras in the view models")
struct SourceExtrasInViewModelsTests {
    @Test func aFullPageTheSourceCallsLastEndsTheGrid() async {
        let viewModel = PhotosViewModel(source: ScriptedSource(lastPage: 1), loader: FakeImageLoader(),
                                        renderer: FakeRenderer(), renderMode: .ascii, perPage: 5, cache: ThumbnailCache())
        viewModel.viewDidLoad()
        await eventually { viewModel.photos.count == 5 }
        #expect(viewModel.reachedEnd)
        #expect(viewModel.statusText == "5 photos · end")
        viewModel.didReachBottom()
        #expect(!viewModel.isLoadingMore)
    }

    @Test func detailShowsTheSourcesExtraLinesAndItsAttribution() async {
        let source = ScriptedSource(extras: ["File: a.jpg", "Size: 1.0 KB (1,024 bytes)"])
        let viewModel = PhotoDetailViewModel(photo: try! await source.photo(id: "a.jpg"), source: source,
                                             loader: FakeImageLoader(), renderer: FakeRenderer())
        #expect(viewModel.extraDetails.isEmpty)
        #expect(viewModel.attribution == "")
        #expect(viewModel.likes == nil)
        #expect(viewModel.link == "")
        #expect(viewModel.author == "by pictures")
        viewModel.viewDidLoad()
        await eventually { viewModel.extraDetails == ["File: a.jpg", "Size: 1.0 KB (1,024 bytes)"] }
    }
}
