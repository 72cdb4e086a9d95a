import OperatingSystem
import TestSupport
import Foundation
import Testing
@testable import Gallery
import Imaging
import TerminalVocabulary

/// A source with fixed answers: every page full, with `lastPage` declared the last; extra detail
/// lines, no attribution and no likes, like a local folder.
private struct ScriptedSource: PhotoSource {
    var lastPage = 1
    var extras: [String] = []

    func photos(page: Int, perPage: Int) async throws -> [LibraryItem] { LibraryItem.page(page, count: perPage) }
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        PhotoPage(photos: try await photos(page: page, perPage: perPage), isLast: page >= lastPage)
    }
    func photo(id: String) async throws -> LibraryItem {
        LibraryItem(id: id, title: "", width: 3, height: 2, author: .init(name: "pictures"), picture: .web(WebPicture(sizable: id, original: id)))
    }
    func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? { .web(photo.id) }
    func extraDetails(for photo: LibraryItem) async throws -> [String] { extras }
    func attribution(for photo: LibraryItem) -> String? { nil }
    var hasLikes: Bool { false }
}

@MainActor
@Suite("Sources' extras in the view models")
struct SourceExtrasInViewModelsTests {
    @Test func aFullPageTheSourceCallsLastEndsTheGrid() async {
        let viewModel = PhotosViewModel(source: ScriptedSource(lastPage: 1), loader: FakeImageLoader(),
                                        renderer: FakeRenderer(), renderMode: .ascii, perPage: 5, cache: ThumbnailCache())
        viewModel.update(.appeared)
        await viewModel.until { viewModel.photos.count == 5 }
        #expect(viewModel.reachedEnd)
        #expect(viewModel.statusText == "5 photos · end")
        viewModel.update(.reachedBottom)
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
        viewModel.update(.appeared)
        await viewModel.until { viewModel.extraDetails == ["File: a.jpg", "Size: 1.0 KB (1,024 bytes)"] }
    }
}

/// An animated GIF in a folder plays in the detail pane: its frames replace one another at their
/// own delays until the pane closes.
@MainActor @Suite struct DetailAnimationTests {
    /// A folder holding the disposal fixture (8x6: red; a blue 4x3 at (2, 1), cleared; ...) as
    /// `moving.gif`, its source and the photo.
    static func movingGIF() async throws -> (TemporaryDirectory, DirectorySource, LibraryItem) {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/disposal.gif")
        let folder = try TemporaryDirectory()
        try folder.write([UInt8](Data(contentsOf: fixture)), to: "moving.gif")
        let source = try DirectorySource(path: FilePath(folder.path))
        return (folder, source, try await source.photo(id: folder.path + "/moving.gif"))
    }

    @Test func anAnimatedGIFPlaysInTheDetailPaneUntilItCloses() async throws {
        let (folder, source, photo) = try await Self.movingGIF()
        defer { folder.remove() }
        let viewModel = PhotoDetailViewModel(photo: photo, source: source, loader: LocalFileImageLoader(),
                                             renderer: ThumbnailRenderer(mode: .ascii, cell: .textCell))
        viewModel.update(.imageArea(CellSize(columns: 12, rows: 6)))
        var seen: Set<Int> = []
        var pictures: [RenderedPicture] = []
        for _ in 0..<100 where seen.count < 4 {
            if case .loaded(let picture)? = viewModel.image, seen.insert(viewModel.frameIndex).inserted {
                pictures.append(picture)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(seen == [0, 1, 2, 3], "frames shown: \(seen.sorted())")
        #expect(Set(pictures.map(\.plainLines)).count > 1, "every frame drawn the same")
        viewModel.update(.close)
        let closedOn = viewModel.frameIndex
        try await Task.sleep(for: .milliseconds(400))
        #expect(viewModel.frameIndex == closedOn && closedOn == 0)
    }

    /// The frames are composited over the theme's background as still pictures are: the blue
    /// frame, cleared, leaves white under a light theme.
    @Test func theFramesShowTheThemesBackground() async throws {
        let (folder, source, photo) = try await Self.movingGIF()
        defer { folder.remove() }
        for background in [RGB(255, 255, 255), RGB(0, 0, 0)] {
            let renderer = ThumbnailRenderer(mode: .halfblock, cell: .textCell, background: background)
            let pipeline = ThumbnailPipeline(source: source, loader: LocalFileImageLoader(), renderer: renderer)
            let frames = try #require(await pipeline.animation(for: photo, cells: CellSize(columns: 8, rows: 3)))
            #expect(frames.count == 4)
            let cleared = frames[2].picture.lines.joined()
            #expect(cleared.contains("255;255;255") == (background == RGB(255, 255, 255)), "\(cleared.debugDescription)")
        }
    }
}
