import Net
import OperatingSystem
@testable import Gallery

/// An `HTTPGetting` that records requests and answers each with `respond(url)`.
final class FakeHTTP: HTTPGetting {
    struct Request: Sendable {
        let url: String
        let headers: [String: String]
        let maxBodyBytes: Int
    }

    private let respond: @Sendable (String) throws -> HTTPResponse
    private let recorded = Locked<[Request]>([])

    init(respond: @escaping @Sendable (String) throws -> HTTPResponse) {
        self.respond = respond
    }

    /// Answers every request with status 200, `body` and `headers`.
    convenience init(body: String, headers: [String: String] = ["content-type": "application/json"]) {
        self.init { url in HTTPResponse(status: 200, headers: headers, body: Array(body.utf8), url: url) }
    }

    var requests: [Request] { recorded.withLock { $0 } }

    func get(_ url: String, headers: [String: String], timeout: Duration,
             maxBodyBytes: Int) async throws -> HTTPResponse {
        recorded.withLock { $0.append(Request(url: url, headers: headers, maxBodyBytes: maxBodyBytes)) }
        return try respond(url)
    }
}
