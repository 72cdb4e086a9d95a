public import Imaging

/// A paginated photo catalog (Unsplash, Picsum, a folder, the demo catalog).
public protocol PhotoSource: Sendable {
    /// One page of the feed, 1-based. A page shorter than `perPage` is the last one.
    func photos(page: Int, perPage: Int) async throws -> [Photo]
    /// The full record of one photo.
    func photo(id: String) async throws -> Photo
    /// The URL of `photo` scaled server-side to about `width` x `height` pixels.
    func imageURL(for photo: Photo, width: Int, height: Int, fit: PictureFit) -> String
    /// One page of photos matching `query`, 1-based like `photos`.
    func search(query: String, page: Int, perPage: Int) async throws -> [Photo]
    /// Whether `search` is available; sources without it throw `GalleryError.searchUnsupported`.
    var supportsSearch: Bool { get }
    /// One page of `feed` and whether it ends the feed. The default asks `photos` or `search` and
    /// ends at a short page; sources whose server tells where the feed ends say so here.
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage
    /// Tells the catalog that the user downloaded `photo` (Unsplash's guidelines require it).
    /// Does nothing by default.
    func trackDownload(_ photo: Photo) async throws
    /// Extra lines for the detail pane, such as view counts or file facts. Empty by default.
    func extraDetails(for photo: Photo) async throws -> [String]
    /// The credit line the detail pane shows, or nil when there is nobody to credit (a local file).
    func attribution(for photo: Photo) -> String?
    /// Whether photos here have likes to show (a catalog's do, a local file's do not). True by default.
    var hasLikes: Bool { get }
    /// Why photos here have no web page to open or copy, though their records carry links (the
    /// demo's point to a server that ends with the app); nil, the default, when they have one.
    var noWebPageReason: String? { get }
}

extension PhotoSource {
    public func search(query: String, page: Int, perPage: Int) async throws -> [Photo] {
        throw GalleryError.searchUnsupported
    }
    public var supportsSearch: Bool { false }

    public func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        switch feed {
        case .all: return PhotoPage(photos: try await photos(page: page, perPage: perPage), perPage: perPage)
        case .search(let query):
            return PhotoPage(photos: try await search(query: query, page: page, perPage: perPage), perPage: perPage)
        }
    }

    public func trackDownload(_ photo: Photo) async throws {}
    public var hasLikes: Bool { true }
    public var noWebPageReason: String? { nil }
    public func extraDetails(for photo: Photo) async throws -> [String] { [] }
    /// "Photo by NAME on Unsplash": Picsum serves photos from Unsplash (`UnsplashAPISource` says
    /// where its photos come from itself).
    public func attribution(for photo: Photo) -> String? { "Photo by \(photo.user.name) on Unsplash" }
}
