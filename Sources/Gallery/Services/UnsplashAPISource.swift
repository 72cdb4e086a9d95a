#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Net

/// A `PhotoSource` speaking the Unsplash API (`https://api.unsplash.com`), or any server
/// with the same shape, such as the demo catalog.
public struct UnsplashAPISource: PhotoSource {
    public let baseURL: String
    private let accessKey: String?
    private let client: any HTTPGetting
    private let timeout: Duration

    /// - Parameters:
    ///   - baseURL: the API root, with or without a trailing slash.
    ///   - accessKey: sent as `Authorization: Client-ID <key>` when given.
    ///   - client: the HTTP transport, usually `HTTPClient()`.
    public init(baseURL: String = "https://api.unsplash.com", accessKey: String?,
                client: any HTTPGetting, timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.accessKey = accessKey
        self.client = client
        self.timeout = timeout
    }

    /// API responses are small; anything bigger is not what we asked for.
    static let maxJSONBytes = 8 << 20

    /// The headers every API request carries.
    public var headers: [String: String] {
        var headers = ["Accept-Version": "v1", "Accept": "application/json"]
        if let accessKey, !accessKey.isEmpty { headers["Authorization"] = "Client-ID \(accessKey)" }
        return headers
    }

    public func photos(page: Int, perPage: Int) async throws -> [Photo] {
        try await fetch([Photo].self, from: "\(baseURL)/photos?page=\(page)&per_page=\(perPage)")
    }

    public func photo(id: String) async throws -> Photo {
        try await fetch(Photo.self, from: "\(baseURL)/photos/\(URLQuery.encode(id))")
    }

    /// `urls.raw` with imgix sizing: `w`, `h`, `fit`, `fm=jpg`, `q=75` (replacing any already there).
    public func imageURL(for photo: Photo, width: Int, height: Int, fit: ImageFit) -> String {
        URLQuery.setting([
            ("w", String(width)), ("h", String(height)), ("fit", fit.rawValue),
            ("fm", "jpg"), ("q", "75"),
        ], on: photo.urls.raw)
    }

    private func fetch<T: Decodable>(_ type: T.Type, from url: String) async throws -> T {
        let response = try await client.get(url, headers: headers, timeout: timeout,
                                            maxBodyBytes: Self.maxJSONBytes)
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw GalleryError.malformedResponse(Self.describe(error))
        }
    }

    /// Where and why decoding failed, short enough for a status line.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing key \(path(context.codingPath + [key]))"
        case .dataCorrupted(let context):
            return "invalid JSON at \(path(context.codingPath))"
        @unknown default:
            return "undecodable JSON"
        }
    }
}
