public import Imaging

/// A paginated photo catalog (Unsplash, Picsum, a folder, the demo catalog).
public protocol PhotoSource: Sendable {
    /// One page of the feed, 1-based. A page shorter than `perPage` is the last one.
    func photos(page: Int, perPage: Int) async throws -> [LibraryItem]
    /// The full record of one photo.
    func photo(id: String) async throws -> LibraryItem
    /// Where to load `photo`'s picture for about `width` x `height` pixels: a URL the server scales,
    /// or the file itself (the renderer scales); nil when it has none (a folder without a cover).
    func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation?
    /// One page of photos matching `query`, 1-based like `photos`.
    func search(query: String, page: Int, perPage: Int) async throws -> [LibraryItem]
    /// Whether `search` is available; sources without it throw `GalleryError.searchUnsupported`.
    var supportsSearch: Bool { get }
    /// One page of `feed` and whether it ends the feed. The default asks `photos` or `search` and
    /// ends at a short page; sources whose server tells where the feed ends say so here.
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage
    /// Tells the catalog that the user downloaded `photo` (Unsplash's guidelines require it).
    /// Does nothing by default.
    func trackDownload(_ photo: LibraryItem) async throws
    /// Extra lines for the detail pane, such as view counts or file facts. Empty by default.
    func extraDetails(for photo: LibraryItem) async throws -> [String]
    /// The credit line the detail pane shows, or nil when there is nobody to credit (a local file).
    func attribution(for photo: LibraryItem) -> String?
    /// Whether photos here have likes to show (a catalog's do, a local file's do not). True by default.
    var hasLikes: Bool { get }
    /// Why photos here have no web page to open or copy, though their records carry links (the
    /// demo's point to a server that ends with the app); nil, the default, when they have one.
    var noWebPageReason: String? { get }
}

extension PhotoSource {
    public func search(query: String, page: Int, perPage: Int) async throws -> [LibraryItem] {
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

    public func trackDownload(_ photo: LibraryItem) async throws {}
    public var hasLikes: Bool { true }
    public var noWebPageReason: String? { nil }
    public func extraDetails(for photo: LibraryItem) async throws -> [String] { [] }
    /// "Photo by NAME on Unsplash": Picsum serves photos from Unsplash (`UnsplashAPISource` says
    /// where its photos come from itself).
    public func attribution(for photo: LibraryItem) -> String? { photo.author.map { "Photo by \($0.name) on Unsplash" } }
}
