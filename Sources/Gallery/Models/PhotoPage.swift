/// One page of a feed, and whether it is the last one.
public struct PhotoPage: Sendable, Equatable {
    public let photos: [Photo]
    /// Nothing follows this page: the server said so (a `Link` header without `rel="next"`, the
    /// page reached `total_pages`), or the page came back shorter than asked for.
    public let isLast: Bool

    public init(photos: [Photo], isLast: Bool) {
        self.photos = photos
        self.isLast = isLast
    }

    /// A page that is the last when it is shorter than `perPage`, the rule for servers that say nothing more.
    public init(photos: [Photo], perPage: Int) {
        self.init(photos: photos, isLast: photos.count < perPage)
    }
}
