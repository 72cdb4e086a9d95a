import Gallery
import Net

/// The HTTP client of the sources the JSON targets make: they only build URLs, so a request
/// would be a mistake of the target, and fails.
struct OfflineClient: HTTPGetting {
    func get(_ url: String, headers: [String: String], timeout: Duration, maxBodyBytes: Int) async throws -> HTTPResponse {
        throw CancellationError()
    }
}
