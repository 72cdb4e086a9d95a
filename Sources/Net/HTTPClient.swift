import CCurl

/// Async HTTP GET on libcurl's multi interface.
///
/// Each client owns one curl thread that drives all of its transfers in parallel; keep one client per
/// app. Only http and https are fetched (also as redirect targets), TLS is always verified, redirects
/// are followed up to 5 times and compressed bodies are decoded.
public final class HTTPClient: Sendable {
    private let engine: CurlEngine
    private let connectTimeout: Duration
    private let userAgent: String

    /// - Parameters:
    ///   - connectTimeout: the longest a connection (DNS, TCP, TLS) may take; a request's own timeout,
    ///     when shorter, wins.
    ///   - userAgent: sent unless a request sets its own `User-Agent` header.
    public init(connectTimeout: Duration = .seconds(10), userAgent: String = "gallery/0.1") {
        self.engine = CurlEngine()
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
    }

    deinit {
        // A get in flight keeps the client alive, so nothing is running any more.
        engine.shutdown()
    }

    /// Fetches `url`. Throws `HTTPError` (non-2xx is `.status`), or `CancellationError` when the calling
    /// task is cancelled (the transfer is aborted at once).
    /// - Parameters:
    ///   - headers: extra request header fields.
    ///   - timeout: the limit for the whole request, redirects and body included.
    ///   - maxBodyBytes: the largest decoded body accepted; a larger one aborts with `.bodyTooLarge`.
    public func get(_ url: String, headers: [String: String] = [:],
                    timeout: Duration = .seconds(30), maxBodyBytes: Int = 64 << 20) async throws -> HTTPResponse {
        try Task.checkCancellation()
        try RequestURL.validate(url)
        let request = CurlRequest(url: url, headers: headers, userAgent: userAgent, timeout: timeout,
                                  connectTimeout: min(timeout, connectTimeout), maxBodyBytes: maxBodyBytes)
        let transfer = try CurlTransfer(request)
        let engine = self.engine
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.completion.begin(continuation) {
                    engine.add(transfer)
                }
            }
        } onCancel: {
            if transfer.completion.cancel() {
                engine.remove(transfer)
            }
        }
    }
}
