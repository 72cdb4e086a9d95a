/// One page of the photo list, with Unsplash's defaults and limits, and its `Link` header.
struct PageRequest: Sendable, Equatable {
    static let defaultPerPage = 10
    static let maxPerPage = 30

    let page: Int
    let perPage: Int

    /// From the query's `page` and `per_page`; missing or unparsable values take the defaults,
    /// out-of-range ones are clamped.
    init(page: String?, perPage: String?) {
        self.page = max(1, page.flatMap { Int($0) } ?? 1)
        self.perPage = min(Self.maxPerPage, max(1, perPage.flatMap { Int($0) } ?? Self.defaultPerPage))
    }

    /// Catalog indexes on this page; empty past the last page.
    func indexes(total: Int) -> Range<Int> {
        let start = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !start.overflow, start.partialValue < total else { return total..<total }
        return start.partialValue..<min(total, start.partialValue + perPage)
    }

    func lastPage(total: Int) -> Int { max(1, (total + perPage - 1) / perPage) }

    /// `<url>; rel="first", <url>; rel="prev", <url>; rel="last", <url>; rel="next"`, each present
    /// only when it leads somewhere, in Unsplash's order. `listURL` may carry a query of its own.
    func linkHeader(listURL: String, total: Int) -> String {
        let last = lastPage(total: total)
        let separator = listURL.contains("?") ? "&" : "?"
        func link(_ page: Int, _ rel: String) -> String {
            "<\(listURL)\(separator)page=\(page)&per_page=\(perPage)>; rel=\"\(rel)\""
        }
        var links: [String] = []
        if page > 1 {
            links.append(link(1, "first"))
            links.append(link(min(page - 1, last), "prev"))
        }
        if page < last {
            links.append(link(last, "last"))
            links.append(link(page + 1, "next"))
        }
        return links.joined(separator: ", ")
    }
}
