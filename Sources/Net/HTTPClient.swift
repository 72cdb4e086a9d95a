import CCurl

/// Async HTTP GET on libcurl's multi interface.
/// CONTRACT (to be implemented by the Net work): the public signatures below are what other modules use.
public final class HTTPClient: Sendable {
    public init() {}

    /// Fetches `url`. Throws `HTTPError` (non-2xx is `.status`), or `CancellationError` when the calling
    /// task is cancelled (the transfer is aborted at once).
    public func get(_ url: String, headers: [String: String] = [:],
                    timeout: Duration = .seconds(30), maxBodyBytes: Int = 64 << 20) async throws -> HTTPResponse {
        fatalError("HTTPClient.get not implemented yet")
    }
}
