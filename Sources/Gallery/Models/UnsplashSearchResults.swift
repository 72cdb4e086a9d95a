/// The body of Unsplash's `GET /search/photos`: one page of results and the totals.
struct UnsplashSearchResults: Decodable, Sendable {
    let total: Int
    let totalPages: Int
    let results: [UnsplashPhoto]

    enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }
}
