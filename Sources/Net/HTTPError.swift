/// Why a request produced no usable response. Cancellation is not an HTTPError: it surfaces as `CancellationError`.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string is not a URL libcurl accepts.
    case invalidURL(String)
    /// Only http and https are allowed, also as redirect targets.
    case unsupportedScheme(String)
    /// The request took longer than its timeout (connect or total).
    case timedOut
    /// The server answered with a non-2xx status. Headers are kept for `Retry-After` and rate limits.
    case status(Int, headers: [String: String])
    /// The body grew past the request's limit; the transfer was aborted.
    case bodyTooLarge(limit: Int)
    /// Any other transport failure (DNS, connection refused, TLS, reset), with libcurl's code and text.
    case transport(code: Int, message: String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "invalid URL: \(url)"
        case .unsupportedScheme(let scheme): return "unsupported URL scheme: \(scheme)"
        case .timedOut: return "timed out"
        case .status(let code, _): return "HTTP \(code)"
        case .bodyTooLarge(let limit): return "response larger than \(limit) bytes"
        case .transport(_, let message): return message
        }
    }
}
