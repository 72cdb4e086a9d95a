public import Imaging
import Net

/// A `PhotoSource` speaking the Unsplash API (`https://api.unsplash.com`), or any server
/// with the same shape, such as the demo catalog.
public struct UnsplashAPISource: PhotoSource {
    public let baseURL: String
    private let accessKey: String?
    private let fetcher: JSONFetcher
    private let onRateLimit: (@Sendable (Int) -> Void)?
    public let noWebPageReason: String?

    /// - Parameters:
    ///   - baseURL: the API root, with or without a trailing slash.
    ///   - accessKey: sent as `Authorization: Client-ID <key>` when given, to `baseURL` only.
    ///   - client: the HTTP transport, usually a `RetryingHTTPClient`.
    ///   - onRateLimit: called with every `X-Ratelimit-Remaining` the API sends, from any thread.
    ///   - noWebPageReason: why the photos' `links.html` are not worth handing out (a server that
    ///     stops with the app); nil when they are.
    public init(baseURL: String = "https://api.unsplash.com", accessKey: String?,
                client: any HTTPGetting, timeout: Duration = .seconds(30),
                onRateLimit: (@Sendable (Int) -> Void)? = nil, noWebPageReason: String? = nil) {
        self.noWebPageReason = noWebPageReason
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.accessKey = accessKey
        self.fetcher = JSONFetcher(client: client, timeout: timeout)
        self.onRateLimit = onRateLimit
    }

    /// The headers every API request carries.
    public var headers: [String: String] {
        var headers = ["Accept-Version": "v1", "Accept": "application/json"]
        if let accessKey, !accessKey.isEmpty { headers["Authorization"] = "Client-ID \(accessKey)" }
        return headers
    }

    public var supportsSearch: Bool { true }

    /// "Photo by NAME on Unsplash", as Unsplash's guidelines ask, for photos from Unsplash itself.
    /// A server that only speaks its API (the demo catalog's generated pictures, or any other)
    /// is not Unsplash and gets "Photo by NAME".
    public func attribution(for photo: Photo) -> String? {
        let host = baseURL.split(separator: "/").dropFirst().first?.split(separator: ":").first?.lowercased()
        return host == "api.unsplash.com" ? "Photo by \(photo.user.name) on Unsplash" : "Photo by \(photo.user.name)"
    }

    public func photos(page: Int, perPage: Int) async throws -> [Photo] {
        try await listPage(page: page, perPage: perPage).photos
    }

    public func search(query: String, page: Int, perPage: Int) async throws -> [Photo] {
        try await searchPage(query: query, page: page, perPage: perPage).photos
    }

    public func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        switch feed {
        case .all: return try await listPage(page: page, perPage: perPage)
        case .search(let query): return try await searchPage(query: query, page: page, perPage: perPage)
        }
    }

    public func photo(id: String) async throws -> Photo {
        try await fetch(Photo.self, from: "\(baseURL)/photos/\(URLQuery.encode(id))").value
    }

    /// `GET /photos/:id/statistics`: lifetime downloads and views.
    public func statistics(id: String) async throws -> PhotoStatistics {
        try await fetch(PhotoStatistics.self, from: "\(baseURL)/photos/\(URLQuery.encode(id))/statistics").value
    }

    /// The photo's download and view counts.
    public func extraDetails(for photo: Photo) async throws -> [String] {
        try await statistics(id: photo.id).lines
    }

    /// GETs `links.download_location` exactly as given (its query identifies the photo view), as
    /// the Unsplash guidelines require when a photo is downloaded. Does nothing when there is none.
    public func trackDownload(_ photo: Photo) async throws {
        guard let location = photo.links.downloadLocation, !location.isEmpty else { return }
        _ = try await get(location)
    }

    /// `urls.raw` with imgix sizing: `w`, `h`, `fit` (`crop`, or `max` for contain: the whole photo
    /// inside w x h, never enlarged), `fm=jpg`, `q=75` (replacing any already there).
    public func imageURL(for photo: Photo, width: Int, height: Int, fit: PictureFit) -> String {
        URLQuery.setting([
            ("w", String(width)), ("h", String(height)), ("fit", fit == .crop ? "crop" : "max"),
            ("fm", "jpg"), ("q", "75"),
        ], on: photo.urls.raw)
    }

    // MARK: - Requests

    /// `GET /photos`; the `Link` header, when sent, says whether another page follows, and
    /// `X-Total` how many photos the feed has.
    private func listPage(page: Int, perPage: Int) async throws -> PhotoPage {
        let (photos, response) = try await fetch([Photo].self, from: "\(baseURL)/photos?page=\(page)&per_page=\(perPage)")
        let noNext = LinkHeader.hasNext(response.header("link")) == false
        let total = response.header("x-total").flatMap { Int($0.trimmingWhitespace()) }.flatMap { $0 >= 0 ? $0 : nil }
        return PhotoPage(photos: photos, isLast: noNext || photos.count < perPage, total: total)
    }

    /// `GET /search/photos`; the results end at `total_pages`.
    private func searchPage(query: String, page: Int, perPage: Int) async throws -> PhotoPage {
        let url = "\(baseURL)/search/photos?query=\(URLQuery.encode(query))&page=\(page)&per_page=\(perPage)"
        let results = try await fetch(UnsplashSearchResults.self, from: url).value
        return PhotoPage(photos: results.results,
                         isLast: page >= results.totalPages || results.results.count < perPage, total: results.total)
    }

    private func fetch<T: Decodable>(_ type: T.Type, from url: String) async throws -> (value: T, response: HTTPResponse) {
        let response = try await get(url)
        return (try JSONFetcher.decode(T.self, from: response.body), response)
    }

    /// GETs `url`, reporting the rate-limit header of the response, or of the error response.
    private func get(_ url: String) async throws -> HTTPResponse {
        do {
            let response = try await fetcher.get(url, headers: headers(for: url))
            reportRateLimit(response.headers)
            return response
        } catch let error as HTTPError {
            if case .status(_, let headers) = error { reportRateLimit(headers) }
            throw error
        }
    }

    /// The API headers, with the key only for URLs under `baseURL`: a server-given URL elsewhere
    /// never learns it.
    private func headers(for url: String) -> [String: String] {
        guard url.hasPrefix(baseURL + "/") else { return headers.filter { $0.key != "Authorization" } }
        return headers
    }

    private func reportRateLimit(_ headers: [String: String]) {
        guard let onRateLimit, let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0) }) else { return }
        onRateLimit(remaining)
    }
}
