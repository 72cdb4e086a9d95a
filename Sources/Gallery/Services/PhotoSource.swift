/// A paginated photo catalog (Unsplash, Picsum, a folder, the demo catalog).
public protocol PhotoSource: Sendable {
    /// One page of the feed, 1-based. A page shorter than `perPage` is the last one.
    func photos(page: Int, perPage: Int) async throws -> [Photo]
    /// The full record of one photo.
    func photo(id: String) async throws -> Photo
    /// The URL of `photo` scaled server-side to about `width` x `height` pixels.
    func imageURL(for photo: Photo, width: Int, height: Int, fit: ImageFit) -> String
}
