/// Which feed page to load next. At most one page is in flight, a page is requested again only
/// after it failed, and pages advance strictly in order: a failed page is retried, never skipped.
struct Pagination: Sendable, Equatable {
    let perPage: Int
    /// The page the next `begin()` returns (1-based).
    private(set) var nextPage = 1
    /// The page being fetched, if any.
    private(set) var loadingPage: Int?
    /// The last page was received (shorter than `perPage`, or the source said so): there is nothing after it.
    private(set) var reachedEnd = false

    init(perPage: Int) {
        self.perPage = perPage
    }

    /// The page to fetch now, or nil while one is in flight or after the end.
    mutating func begin() -> Int? {
        guard loadingPage == nil, !reachedEnd else { return nil }
        loadingPage = nextPage
        return nextPage
    }

    /// `page` arrived with `count` photos; `isLast` when the source knows nothing follows.
    mutating func succeed(page: Int, count: Int, isLast: Bool = false) {
        guard page == loadingPage else { return }
        loadingPage = nil
        nextPage = page + 1
        reachedEnd = isLast || count < perPage
    }

    /// `page` failed; the next `begin()` asks for it again.
    mutating func fail(page: Int) {
        guard page == loadingPage else { return }
        loadingPage = nil
    }
}
