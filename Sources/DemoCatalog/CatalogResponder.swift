import FlyingFox
import Foundation
import Imaging

/// Answers the demo catalog's routes. Stateless: everything comes from the catalog and the request.
struct CatalogResponder: Sendable {
    let catalog: Catalog
    /// "http://127.0.0.1:PORT", for the absolute URLs in responses.
    let baseURL: String
    let searchIndex: SearchIndex

    init(catalog: Catalog, baseURL: String) {
        self.catalog = catalog
        self.baseURL = baseURL
        searchIndex = SearchIndex(catalog: catalog)
    }

    /// `GET /photos?page=&per_page=`
    func listPhotos(query: [String: String]) throws -> HTTPResponse {
        let request = PageRequest(page: query["page"], perPage: query["per_page"])
        let photos = request.indexes(total: catalog.count).compactMap(catalog.photo(at:)).map {
            PhotoJSON($0, baseURL: baseURL, detailed: false)
        }
        let headers = Self.pageHeaders(request, total: catalog.count, listURL: "\(baseURL)/photos")
        return HTTPResponse(statusCode: .ok, headers: headers, body: try PhotoJSON.encoder().encode(photos))
    }

    /// `GET /search/photos?query=&page=&per_page=`: the photos whose description or alt description
    /// has every word of the query (as a word prefix, ignoring case), in feed order, in Unsplash's
    /// shape `{"total": N, "total_pages": M, "results": [...]}`. A missing query is a 400, as on Unsplash.
    func searchPhotos(query: [String: String]) throws -> HTTPResponse {
        guard let text = query["query"], !text.isEmpty else {
            return errorResponse(.badRequest, "query is missing")
        }
        let request = PageRequest(page: query["page"], perPage: query["per_page"])
        let matches = searchIndex.matches(text)
        let results = request.indexes(total: matches.count).compactMap { catalog.photo(at: matches[$0]) }.map {
            PhotoJSON($0, baseURL: baseURL, detailed: false)
        }
        let page = SearchResultsJSON(total: matches.count,
                                     totalPages: matches.isEmpty ? 0 : request.lastPage(total: matches.count),
                                     results: results)
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let headers = Self.pageHeaders(request, total: matches.count,
                                       listURL: "\(baseURL)/search/photos?query=\(encoded)")
        return HTTPResponse(statusCode: .ok, headers: headers, body: try PhotoJSON.encoder().encode(page))
    }

    /// JSON type, `X-Total`, `X-Per-Page` and `Link` of one page of a list.
    private static func pageHeaders(_ request: PageRequest, total: Int, listURL: String) -> HTTPHeaders {
        var headers = jsonHeaders
        headers.addValue(String(total), for: HTTPHeader("X-Total"))
        headers.addValue(String(request.perPage), for: HTTPHeader("X-Per-Page"))
        let link = request.linkHeader(listURL: listURL, total: total)
        if !link.isEmpty { headers.addValue(link, for: HTTPHeader("Link")) }
        return headers
    }

    /// `GET /photos/:id`
    func photo(id: String) throws -> HTTPResponse {
        guard let photo = catalog.photo(id: id) else { return notFound("Couldn't find Photo") }
        let json = PhotoJSON(photo, baseURL: baseURL, detailed: true)
        return HTTPResponse(statusCode: .ok, headers: Self.jsonHeaders, body: try PhotoJSON.encoder().encode(json))
    }

    /// `GET /photos/:id/statistics`: lifetime counts with their last 30 days, as Unsplash answers.
    func statistics(id: String) throws -> HTTPResponse {
        guard let photo = catalog.photo(id: id) else { return notFound("Couldn't find Photo") }
        let json = StatisticsJSON(photo, seed: catalog.seed)
        return HTTPResponse(statusCode: .ok, headers: Self.jsonHeaders, body: try PhotoJSON.encoder().encode(json))
    }

    /// `GET /photos/:id/download`: Unsplash's download tracking endpoint, answering with the file URL.
    func trackDownload(id: String) throws -> HTTPResponse {
        guard let photo = catalog.photo(id: id) else { return notFound("Couldn't find Photo") }
        let url = PhotoJSON(photo, baseURL: baseURL, detailed: false).urls.full
        return HTTPResponse(statusCode: .ok, headers: Self.jsonHeaders,
                            body: try PhotoJSON.encoder().encode(["url": url]))
    }

    /// `GET /images/:id?w=&h=&fit=&q=&dpr=`: the photo's picture as a JPEG of the requested size.
    func image(id: String, query: [String: String]) throws -> HTTPResponse {
        guard let photo = catalog.photo(id: id) else { return notFound("Couldn't find Photo") }
        let jpeg = try Self.jpeg(of: photo, query: query)
        return HTTPResponse(statusCode: .ok,
                            headers: [.contentType: "image/jpeg", .cacheControl: "public, max-age=31536000, immutable"],
                            body: Data(jpeg))
    }

    static func jpeg(of photo: PhotoRecord, query: [String: String]) throws -> [UInt8] {
        let request = ImageRequest(query: query, photoWidth: photo.width, photoHeight: photo.height)
        let image = photo.artwork.render(width: request.width, height: request.height,
                                       window: request.window, aspect: photo.aspect)
        return try JPEGCodec.encode(image, quality: request.quality)
    }

    func notFound(_ message: String = "Not found") -> HTTPResponse {
        errorResponse(.notFound, message)
    }

    /// Unsplash's error shape: `{"errors": ["..."]}`.
    private func errorResponse(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        let body = (try? PhotoJSON.encoder().encode(["errors": [message]])) ?? Data()
        return HTTPResponse(statusCode: status, headers: Self.jsonHeaders, body: body)
    }

    private static let jsonHeaders: HTTPHeaders = [.contentType: "application/json; charset=utf-8"]
}

extension HTTPRequest {
    /// Query items as a dictionary; the first of repeated names wins.
    var queryDictionary: [String: String] {
        query.reduce(into: [:]) { result, item in
            if result[item.name] == nil { result[item.name] = item.value }
        }
    }
}
