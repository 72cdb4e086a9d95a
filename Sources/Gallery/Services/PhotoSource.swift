/// A paginated photo catalog (Unsplash, Picsum, a folder, the demo catalog).
public protocol PhotoSource: Sendable {
    /// One page of the feed, 1-based. A page shorter than `perPage` is the last one.
    func photos(page: Int, perPage: Int) async throws -> [Photo]
    /// The full record of one photo.
    func photo(id: String) async throws -> Photo
    /// The URL of `photo` scaled server-side to about `width` x `height` pixels.
    func imageURL(for photo: Photo, width: Int, height: Int, fit: ImageFit) -> String
    /// One page of photos matching `query`, 1-based like `photos`.
    func search(query: String, page: Int, perPage: Int) async throws -> [Photo]
    /// Whether `search` is available; sources without it throw `GalleryError.searchUnsupported`.
    var supportsSearch: Bool { get }
}

extension PhotoSource {
    public func search(query: String, page: Int, perPage: Int) async throws -> [Photo] {
        throw GalleryError.searchUnsupported
    }
    public var supportsSearch: Bool { false }
}
