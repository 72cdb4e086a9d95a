/// Lifetime counts of one photo, from Unsplash's `GET /photos/:id/statistics`.
public struct PhotoStatistics: Decodable, Sendable, Equatable {
    public let id: String
    public let downloads: Int
    public let views: Int
    /// Not every response carries likes.
    public let likes: Int?

    public init(id: String, downloads: Int, views: Int, likes: Int? = nil) {
        self.id = id
        self.downloads = downloads
        self.views = views
        self.likes = likes
    }

    /// The detail pane's lines, e.g. "12,345 downloads".
    public var lines: [String] {
        [CountText.count(downloads, "download"), CountText.count(views, "view")]
    }

    /// Each count is an object: `{"total": N, "historical": {...}}`; only the total is kept.
    private struct Counter: Decodable { let total: Int }

    enum CodingKeys: String, CodingKey { case id, downloads, views, likes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        downloads = try container.decode(Counter.self, forKey: .downloads).total
        views = try container.decode(Counter.self, forKey: .views).total
        likes = try container.decodeIfPresent(Counter.self, forKey: .likes)?.total
    }
}
