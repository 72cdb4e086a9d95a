import ArgumentParser
import DemoCatalog
import Gallery
import Logging
import Net
import OperatingSystem

/// The source, image loader and status-bar name for a chosen catalog, wired to one retrying
/// HTTP client whose retries are reported to `status`, and to the on-disk image cache.
struct CatalogSetup {
    let source: any PhotoSource
    let loader: any ImageLoading
    let name: String
    /// The photo to open at start (`gallery PHOTO`).
    var openPhotoID: String?
    /// The status bar's sentence at start: how to open your own photos, when the demo opened
    /// because the current folder holds none.
    var note: String?

    /// The note of a demo opened for want of photos where `gallery` started.
    static let ownPhotosHint = "gallery ~/Pictures opens your photos"

    /// The note of a catalog opened with `--since` or `--until`, which it cannot keep to.
    static let datesAreLocal = "--since and --until show local photos only"

    /// How local photos are listed: `--sort`, `--reverse`, `--recursive`, `--min-rating`, `--picked`, and the paths read
    /// from stdin for `gallery -`.
    struct LocalOptions {
        var order = PhotoOrder.name
        var reversed = false
        var recursive = false
        /// The dates shown (`--since`, `--until`); nil: all.
        var dateFilter: DateFilter?
        var pipedPaths: [FilePath] = []
        /// Where a photo's date taken comes from (`--sort taken`, the detail pane, `/`): its Exif,
        /// kept in the index of dates taken by the app (`DateIndex.inCache`).
        var dateTaken = DateTaken.exif
        /// `--min-rating`, `--picked`.
        var labelFilter = LabelFilter.all
    }

    /// Fails before the UI starts when the catalog cannot work: no Unsplash key, no such folder.
    /// `client` is the app's one HTTP client (one curl thread); downloads use it too.
    @MainActor
    static func make(_ choice: CatalogChoice, local: LocalOptions = LocalOptions(), environment: [String: String],
                     demoServer: DemoCatalogServer, client: HTTPClient, status: NetworkStatus) async throws -> CatalogSetup {
        var setup = try await source(for: choice, local: local, environment: environment, demoServer: demoServer,
                                     client: client, status: status)
        if local.dateFilter != nil, !(setup.source is DirectorySource) { setup.note = datesAreLocal }
        return setup
    }

    @MainActor
    private static func source(for choice: CatalogChoice, local: LocalOptions, environment: [String: String],
                               demoServer: DemoCatalogServer, client: HTTPClient, status: NetworkStatus) async throws -> CatalogSetup {
        switch choice {
        case .automatic:
            if DirectorySource.holdsMedia(".") {
                return try await make(.folder("."), local: local, environment: environment, demoServer: demoServer,
                                      client: client, status: status)
            }
            var demo = try await make(.demo, local: local, environment: environment, demoServer: demoServer,
                                      client: client, status: status)
            demo.note = ownPhotosHint
            return demo
        case .folder(let path):
            let loader = localLoader(environment)
            let (folder, photoID) = try DirectorySource.opening(FilePath(argument: path), order: local.order, reversed: local.reversed,
                                                                recursive: local.recursive, dateFilter: local.dateFilter,
                                                                dateTaken: local.dateTaken,
                                                                labelFilter: local.labelFilter, desktopThumbnails: loader.desktopThumbnails)
            return CatalogSetup(source: folder, loader: loader, name: folder.name, openPhotoID: photoID)
        case .paths(let paths):
            return try list(paths.map(FilePath.init(argument:)), local, environment)
        case .standardInput:
            return try list(local.pipedPaths, local, environment)
        case .demo:
            let network = Network(client: client, status: status)
            let baseURL = try await demoServer.start()
            // The demo catalog is generated on a new port each launch: caching its images on disk
            // would only fill the cache with entries nobody asks for again.
            // Its photos' pages would be links to this server, dead once the app quits.
            let source = UnsplashAPISource(baseURL: baseURL, accessKey: nil, client: network.http,
                                           noWebPageReason: "demo photos have no web page")
            return CatalogSetup(source: source, loader: network.loader, name: "demo")
        case .unsplash:
            // Checked before anything is set up: a missing key must fail fast and alone.
            let key = try UnsplashAccessKey.from(environment: environment)
            let network = Network(client: client, status: status)
            let source = UnsplashAPISource(accessKey: key, client: network.http,
                                           onRateLimit: { status.updateRateLimitRemaining($0) })
            return CatalogSetup(source: source, loader: network.cachedLoader, name: "unsplash")
        case .picsum:
            let network = Network(client: client, status: status)
            return CatalogSetup(source: PicsumSource(client: network.http), loader: network.cachedLoader, name: "picsum")
        case .api(let baseURL):
            let network = Network(client: client, status: status)
            return CatalogSetup(source: UnsplashAPISource(baseURL: baseURL, accessKey: nil, client: network.http),
                                loader: network.cachedLoader, name: host(of: baseURL))
        }
    }

    private static func list(_ paths: [FilePath], _ local: LocalOptions, _ environment: [String: String]) throws -> CatalogSetup {
        let loader = localLoader(environment)
        let source = try DirectorySource(paths: paths, order: local.order, reversed: local.reversed,
                                         dateFilter: local.dateFilter, dateTaken: local.dateTaken, labelFilter: local.labelFilter,
                                         desktopThumbnails: loader.desktopThumbnails)
        return CatalogSetup(source: source, loader: loader, name: source.name)
    }

    /// Local files read through the desktop's thumbnail cache (`DesktopThumbnails`), each
    /// original decoded logged at debug level (`--verbose`).
    private static func localLoader(_ environment: [String: String]) -> LocalFileImageLoader {
        let directory = DesktopThumbnails.directory(environment: environment)
        let version = GalleryCommand.configuration.version.split(separator: " ").last.map(String.init) ?? "0"
        let logger = Logger(label: "gallery")
        let thumbnails = DesktopThumbnails(directory: directory, program: "gallery", version: version,
                                           onDecode: { logger.debug("decoded the original", metadata: ["path": "\($0)"]) })
        return LocalFileImageLoader(desktopThumbnails: thumbnails)
    }

    /// One HTTP client with retries reported to the status bar, and image loaders over it.
    private struct Network {
        let http: RetryingHTTPClient
        let loader: HTTPImageLoader

        init(client: HTTPClient, status: NetworkStatus) {
            http = RetryingHTTPClient(client: client, onRetry: { status.report($0) })
            loader = HTTPImageLoader(client: http)
        }

        /// `loader` behind the on-disk image cache.
        var cachedLoader: CachingImageLoader { CachingImageLoader(loader: loader) }
    }

    /// "host:port" of an http(s) URL, for the status bar.
    private static func host(of url: String) -> String {
        let afterScheme = url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first
        return afterScheme.map(String.init) ?? url
    }
}
