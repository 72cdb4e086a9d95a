/// The services and settings coordinators hand to the scenes they build.
public struct AppEnvironment: Sendable {
    public var source: PhotoSource
    public var loader: ImageLoading
    public var renderer: ThumbnailRendering
    /// Shown in the status bar, e.g. "demo" or the API host.
    public var sourceName: String
    /// Shown in the status bar and part of cache keys, e.g. "halfblock".
    public var renderMode: String
    public var perPage: Int
    /// Rendered thumbnails, shared by every grid the app shows.
    public var cache: ThumbnailCache
    /// Retry and rate-limit news for the status bar; nil when nothing reports any.
    public var networkStatus: NetworkStatus?

    public init(source: PhotoSource, loader: ImageLoading, renderer: ThumbnailRendering,
                sourceName: String, renderMode: String, perPage: Int, cache: ThumbnailCache = ThumbnailCache(),
                networkStatus: NetworkStatus? = nil) {
        self.networkStatus = networkStatus
        self.source = source
        self.loader = loader
        self.renderer = renderer
        self.sourceName = sourceName
        self.renderMode = renderMode
        self.perPage = perPage
        self.cache = cache
    }
}
