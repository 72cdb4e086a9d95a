#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Net

/// GETs JSON from a catalog API and decodes it, turning shape errors into
/// `GalleryError.malformedResponse` with the place where decoding broke.
struct JSONFetcher: Sendable {
    /// API responses are small; anything bigger is not what we asked for.
    static let maxJSONBytes = 8 << 20

    let client: any HTTPGetting
    let timeout: Duration

    /// The raw response, body capped at `maxJSONBytes`.
    func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
        try await client.get(url, headers: headers, timeout: timeout, maxBodyBytes: Self.maxJSONBytes)
    }

    /// The decoded body and the response it came in (for the `Link` header).
    func fetch<T: Decodable>(_ type: T.Type, from url: String,
                             headers: [String: String]) async throws -> (value: T, response: HTTPResponse) {
        let response = try await get(url, headers: headers)
        return (try Self.decode(T.self, from: response.body), response)
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw GalleryError.malformedResponse(describe(error))
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
