import TestSupport
import Foundation
import Imaging
import Net
import Testing
@testable import Gallery
import TerminalVocabulary

/// Picsum through the real network stack: `HTTPClient` with retries, redirects and the disk cache,
/// against a loopback fake.
@MainActor
@Suite("Picsum over loopback")
struct PicsumLoopbackTests {
    @Test func gridRetriesARateLimitFollowsRedirectsAndCachesImages() async throws {
        let server = try await PicsumFakeServer.start()
        let cacheDirectory = try TemporaryDirectory()
        defer { cacheDirectory.remove() }
        let status = NetworkStatus()
        let http = RetryingHTTPClient(client: HTTPClient(), onRetry: { status.report($0) })
        func makeLoader() -> CachingImageLoader {
            CachingImageLoader(loader: HTTPImageLoader(client: http),
                               cache: DiskCache(directory: cacheDirectory.url, capacityBytes: 1 << 20))
        }
        let source = PicsumSource(baseURL: server.baseURL, client: http)
        let viewModel = PhotosViewModel(source: source, loader: makeLoader(),
                                        renderer: ThumbnailRenderer(mode: .ascii, depth: .none),
                                        renderMode: .ascii, perPage: 2, cache: ThumbnailCache(), networkStatus: status)
        viewModel.update(.appeared)
        // The 429 is retried after its Retry-After (1 s), and the user is told meanwhile.
        await eventually { viewModel.notice == "rate limited, retrying in 1 s" }
        await viewModel.until { viewModel.photos.count == 2 }
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.photos.map(\.title) == ["Photo by Author 10", "Photo by Author 11"])

        // The last item asks for page 2, whose Link has no next: the feed ends there.
        viewModel.update(.willDisplay(1))
        await viewModel.until { viewModel.photos.count == 3 && viewModel.reachedEnd }
        await viewModel.until { viewModel.thumbnails["11"]?.thumbnail != nil }
        #expect(server.requests.filter { $0 == "/v2/list" }.count == 3)
        #expect(server.requests.contains("/images/11"))

        // A second launch: the same image comes from disk, the server is not asked.
        let pixels = ThumbnailRenderer(mode: .ascii, depth: .none)
            .pixelSize(cells: viewModel.thumbnailSize)
        let location = try #require(source.imageLocation(for: viewModel.photos[1], width: pixels.width, height: pixels.height,
                                                         fit: viewModel.fit))
        let before = server.requests.count
        let data = try await makeLoader().imageData(at: location)
        #expect(ImageFormat(sniffing: data) == .jpeg)
        #expect(server.requests.count == before)

        let detail = try await source.photo(id: "12")
        #expect(detail.author?.name == "Author 12")
        await server.stop()
    }
}
