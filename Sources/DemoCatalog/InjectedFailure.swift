import FlyingFox
import Foundation

/// An error answer the fault plan gives instead of the real response.
enum InjectedFailure: Sendable, Hashable {
    /// 429 with `Retry-After` and Unsplash's exhausted rate-limit headers.
    case rateLimited(retryAfter: Int)
    /// 500 or 503.
    case serverError(Int)

    var response: HTTPResponse {
        var headers: HTTPHeaders = [.contentType: "application/json; charset=utf-8"]
        let status: HTTPStatusCode
        switch self {
        case .rateLimited(let seconds):
            status = HTTPStatusCode(429, phrase: "Too Many Requests")
            headers.addValue(String(seconds), for: HTTPHeader("Retry-After"))
            headers.addValue("50", for: HTTPHeader("X-Ratelimit-Limit"))
            headers.addValue("0", for: HTTPHeader("X-Ratelimit-Remaining"))
        case .serverError(503):
            status = HTTPStatusCode(503, phrase: "Service Unavailable")
        case .serverError(let code):
            status = HTTPStatusCode(code, phrase: "Internal Server Error")
        }
        let body = (try? JSONEncoder().encode(["errors": [status.phrase]])) ?? Data()
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }
}
