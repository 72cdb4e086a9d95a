/// One page of search results in the shape of Unsplash's `/search/photos`.
struct SearchResultsJSON: Encodable, Sendable {
    let total: Int
    let totalPages: Int
    let results: [PhotoJSON]
}
