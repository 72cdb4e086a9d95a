/// One page of a feed, whether it is the last one, and how long the whole feed is when the
/// source knows.
public struct PhotoPage: Sendable, Equatable {
    public let photos: [LibraryItem]
    /// Nothing follows this page: the server said so (a `Link` header without `rel="next"`, the
    /// page reached `total_pages`), or the page came back shorter than asked for.
    public let isLast: Bool
    /// How many photos the whole feed has (a folder's listing, Unsplash's `X-Total`); nil when
    /// the source cannot tell, and then the grid grows page by page.
    public let total: Int?
    /// What the source left out that the user may act on ("cannot read folder private"), for the status bar.
    public let note: String?
    /// How many files the source left out (unsupported formats, link loops, unreadable folders):
    /// the status bar's "3 skipped".
    public var skipped = 0
    /// How many items of the feed are folders (a local library's tiles, listed first), not photos.
    public let folderCount: Int
    /// How many items of the feed are videos (a local library's), counted apart from photos.
    public let videoCount: Int
    /// Each item's date in list order, when the source is ordered by date (a folder by date
    /// taken or modified); nil otherwise.
    public var timeline: Timeline?

    public init(photos: [LibraryItem], isLast: Bool, total: Int? = nil, note: String? = nil, folderCount: Int = 0,
                videoCount: Int = 0) {
        self.photos = photos
        self.isLast = isLast
        self.total = total.map { max(0, $0) }
        self.note = note
        self.folderCount = max(0, folderCount)
        self.videoCount = max(0, videoCount)
    }

    /// A page that is the last when it is shorter than `perPage`, the rule for servers that say nothing more.
    public init(photos: [LibraryItem], perPage: Int, total: Int? = nil) {
        self.init(photos: photos, isLast: photos.count < perPage, total: total)
    }
}
