/// Which list a grid pages through: the source's main feed, or the results of a search.
public enum PhotoFeed: Sendable, Equatable {
    case all
    case search(String)

    /// One page of this feed from `source`.
    func page(_ page: Int, perPage: Int, from source: any PhotoSource) async throws -> [Photo] {
        switch self {
        case .all: return try await source.photos(page: page, perPage: perPage)
        case .search(let query): return try await source.search(query: query, page: page, perPage: perPage)
        }
    }
}
