public import Net

/// The one HTTP operation the gallery's services need. A seam so sources and loaders can be
/// tested without a network; `RetryingHTTPClient` (over `HTTPClient`) is the production implementation.
public protocol HTTPGetting: Sendable {
    /// Fetches `url`; throws `HTTPError` (non-2xx is `.status`) or `CancellationError`.
    func get(_ url: String, headers: [String: String], timeout: Duration,
             maxBodyBytes: Int) async throws -> HTTPResponse
}

extension HTTPClient: HTTPGetting {}

/// Retries transient failures; what the sources use in the app.
extension RetryingHTTPClient: HTTPGetting {}
