/// Which list a grid pages through: the source's main feed, or the results of a search.
public enum PhotoFeed: Sendable, Equatable {
    case all
    case search(String)

    /// One page of this feed from `source`.
    func page(_ page: Int, perPage: Int, from source: any PhotoSource) async throws -> PhotoPage {
        try await source.page(of: self, page: page, perPage: perPage)
    }
}
