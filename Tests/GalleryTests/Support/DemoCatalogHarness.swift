import DemoCatalog
import Net
import OperatingSystem
import TUI
@testable import Gallery
import Imaging
import TerminalVocabulary

/// The real chain under the grid: a demo catalog server (with faults), Net's HTTP client, the
/// Unsplash source and image loader, and the Imaging renderer in plain ASCII.
@MainActor
final class DemoCatalogHarness {
    let server: DemoCatalogServer
    let baseURL: String
    let source: UnsplashAPISource
    let loader: HTTPImageLoader
    let renderer = ThumbnailRenderer(mode: .ascii, depth: .none)

    private init(server: DemoCatalogServer, baseURL: String, client: any HTTPGetting, imageClient: any HTTPGetting) {
        self.server = server
        self.baseURL = baseURL
        source = UnsplashAPISource(baseURL: baseURL, accessKey: nil, client: client)
        loader = HTTPImageLoader(client: imageClient)
    }

    /// Runs `body` against a fresh server with `configuration`, and stops the server afterwards.
    /// - Parameter imageClient: fetches the images; `client` (which fetches the JSON) when nil.
    static func run<T>(_ configuration: DemoCatalogConfiguration, client: any HTTPGetting = HTTPClient(),
                       imageClient: (any HTTPGetting)? = nil,
                       _ body: (DemoCatalogHarness) async throws -> T) async throws -> T {
        let server = DemoCatalogServer(configuration: configuration)
        let harness = DemoCatalogHarness(server: server, baseURL: try await server.start(), client: client,
                                         imageClient: imageClient ?? client)
        do {
            let result = try await body(harness)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func photosViewModel(perPage: Int) -> PhotosViewModel {
        PhotosViewModel(source: source, loader: loader, renderer: renderer, renderMode: .ascii,
                        perPage: perPage, cache: ThumbnailCache())
    }

    /// Requests the server has seen whose path starts with `prefix`, e.g. "/photos?".
    func requests(to prefix: String) async -> [String] {
        await server.requestLog.filter { $0.hasPrefix("GET " + prefix) }
    }
}

/// The default demo catalog with these faults.
func demoCatalog(_ faults: DemoCatalogFaults, latency: Duration = .zero) -> DemoCatalogConfiguration {
    DemoCatalogConfiguration(latency: latency, faults: faults)
}

/// `RetryingHTTPClient` as the gallery's HTTP seam, recording the retries it announces.
struct RetryingGetter: HTTPGetting {
    private let client: RetryingHTTPClient
    private let log = RetryLog()

    init(policy: RetryPolicy = RetryPolicy()) {
        let log = self.log
        client = RetryingHTTPClient(client: HTTPClient(), policy: policy, onRetry: { log.append($0) })
    }

    var retries: [RetryEvent] { log.events }

    func get(_ url: String, headers: [String: String], timeout: Duration,
             maxBodyBytes: Int) async throws -> HTTPResponse {
        try await client.get(url, headers: headers, timeout: timeout, maxBodyBytes: maxBodyBytes)
    }
}

/// Retry announcements, in order.
final class RetryLog: Sendable {
    private let recorded = Locked<[RetryEvent]>([])

    func append(_ event: RetryEvent) { recorded.withLock { $0.append(event) } }
    var events: [RetryEvent] { recorded.withLock { $0 } }
}
