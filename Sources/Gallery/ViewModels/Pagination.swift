/// Which feed pages to load.
///
/// Until the source tells the feed's total, pages advance strictly in order, one at a time: a
/// failed page is retried, never skipped. Once the total is known, any page may be asked for by
/// number (End fetches the last page without those between), several at once, each at most once
/// at a time and never again once received.
struct Pagination: Sendable, Equatable {
    let perPage: Int
    /// Photos in the whole feed, once the source said.
    private(set) var total: Int?
    /// Pages received.
    private(set) var loaded: Set<Int> = []
    /// Pages being fetched.
    private(set) var loading: Set<Int> = []
    /// The page the next `begin()` returns (1-based): the one after the last received in order.
    private(set) var nextPage = 1
    /// The last page was received (the source said so, or it was shorter than `perPage`).
    private(set) var reachedEnd = false

    /// `total`: the feed's length as last seen, so pages can be asked for by number before the
    /// first arrives (a refresh in place); the first page received says the true one.
    init(perPage: Int, total: Int? = nil) {
        self.perPage = max(1, perPage)
        self.total = total
    }

    /// The lowest page in flight, if any.
    var loadingPage: Int? { loading.min() }

    /// How many pages the feed has, when its total is known.
    var pageCount: Int? { total.map { max(1, ($0 + perPage - 1) / perPage) } }

    /// The page holding item `index` (0-based).
    func page(containing index: Int) -> Int { index / perPage + 1 }

    /// The next page in order, or nil while a page is in flight or after the end.
    mutating func begin() -> Int? {
        guard loading.isEmpty, !reachedEnd else { return nil }
        if let pageCount, nextPage > pageCount { return nil }
        loading.insert(nextPage)
        return nextPage
    }

    /// Starts page `page` by number: only once the total is known, within it, and when the page
    /// is neither received nor in flight.
    mutating func begin(page: Int) -> Bool {
        guard let pageCount, (1...pageCount).contains(page), !loaded.contains(page), !loading.contains(page) else {
            return false
        }
        loading.insert(page)
        return true
    }

    /// `page` arrived with `count` photos; `isLast` when the source knows nothing follows,
    /// `total` when it knows the feed's length.
    mutating func succeed(page: Int, count: Int, isLast: Bool = false, total: Int? = nil) {
        guard loading.remove(page) != nil else { return }
        loaded.insert(page)
        if let total { self.total = total }
        // A last page says where the feed really ends, whatever total was announced.
        if isLast || (self.total == nil && count < perPage) {
            reachedEnd = true
            if self.total != nil { self.total = (page - 1) * perPage + count }
        }
        while loaded.contains(nextPage) { nextPage += 1 }
        if let pageCount, loaded.count >= pageCount { reachedEnd = true }
    }

    /// The list was edited (photos left or came back): `total` items now, of which only
    /// `completePages` are whole; the others are asked for again when shown.
    mutating func listEdited(total: Int, completePages: Set<Int>) {
        self.total = total
        loaded = completePages
        nextPage = 1
        while loaded.contains(nextPage) { nextPage += 1 }
        reachedEnd = pageCount.map { loaded.count >= $0 } ?? reachedEnd
    }

    /// `page` failed; it may be asked for again.
    mutating func fail(page: Int) {
        loading.remove(page)
    }
}
