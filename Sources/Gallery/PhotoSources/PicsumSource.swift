public import Imaging
import Net
/// A `PhotoSource` over Lorem Picsum (`https://picsum.photos`): keyless, no search.
///
/// The list has no totals: a page is the last when it is short or its `Link` header has no
/// `rel="next"`. Sized images come from `/id/{id}/{w}/{h}`, which redirects to the image host.
public struct PicsumSource: PhotoSource {
    public let baseURL: String
    private let fetcher: JSONFetcher

    /// Picsum serves at most this many photos per list page.
    public static let maxPerPage = 100
    /// Picsum's largest image side.
    public static let maxSide = 5000

    /// - Parameter baseURL: the service root, with or without a trailing slash.
    public init(baseURL: String = "https://picsum.photos", client: any HTTPGetting, timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.fetcher = JSONFetcher(client: client, timeout: timeout)
    }

    private static let headers = ["Accept": "application/json"]

    public func photos(page: Int, perPage: Int) async throws -> [Photo] {
        try await listPage(page: page, perPage: perPage).photos
    }

    public func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        guard case .all = feed else { throw GalleryError.searchUnsupported }
        return try await listPage(page: page, perPage: perPage)
    }

    /// `GET /id/{id}/info`.
    public func photo(id: String) async throws -> Photo {
        let url = "\(baseURL)/id/\(URLQuery.encode(id))/info"
        return try await fetcher.fetch(PicsumPhoto.self, from: url, headers: Self.headers).value.photo(sized: sizedURL(id))
    }

    /// `/id/{id}/{w}/{h}`: Picsum crops to fill exactly that size, so `.contain` asks for the photo's own
    /// aspect ratio scaled into the box (never up), and both fits stay within Picsum's 5000 px.
    public func imageURL(for photo: Photo, width: Int, height: Int, fit: PictureFit) -> String {
        var size = (width: width, height: height)
        if fit == .contain, photo.width > 0, photo.height > 0 {
            let scale = min(Double(width) / Double(photo.width), Double(height) / Double(photo.height), 1)
            size = (Int((Double(photo.width) * scale).rounded()), Int((Double(photo.height) * scale).rounded()))
        }
        return sizedURL(photo.id)(size.width, size.height)
    }

    /// `GET /v2/list?page=&limit=`, the limit capped at `maxPerPage`.
    private func listPage(page: Int, perPage: Int) async throws -> PhotoPage {
        let limit = min(max(1, perPage), Self.maxPerPage)
        let (items, response) = try await fetcher.fetch(
            [PicsumPhoto].self, from: "\(baseURL)/v2/list?page=\(page)&limit=\(limit)", headers: Self.headers)
        let photos = items.map { $0.photo(sized: sizedURL($0.id)) }
        let noNext = LinkHeader.hasNext(response.header("link")) == false
        return PhotoPage(photos: photos, isLast: noNext || items.count < limit)
    }

    /// Makes `/id/{id}/{w}/{h}` URLs, each side clamped to 1…`maxSide`.
    private func sizedURL(_ id: String) -> (Int, Int) -> String {
        let base = "\(baseURL)/id/\(URLQuery.encode(id))"
        return { width, height in
            "\(base)/\(min(max(1, width), Self.maxSide))/\(min(max(1, height), Self.maxSide))"
        }
    }
}
