import OperatingSystem

/// Async HTTP GET on libcurl's multi interface.
///
/// Each client owns one curl thread that drives all of its transfers in parallel and one connection
/// pool; keep one client per app. Only http and https are fetched (also as redirect targets), TLS is
/// always verified, redirects are followed up to 5 times and compressed bodies are decoded; the rest
/// is in `Configuration`. For retries after transient failures, wrap it in `RetryingHTTPClient`.
///
/// libcurl is loaded, and the curl thread started, at the first `get`: a client that is never
/// used costs nothing. Without libcurl, every `get` throws a `.transport` error saying what to
/// install.
public final class HTTPClient: Sendable {
    /// The settings this client was made with.
    public let configuration: Configuration
    private let library: CurlLibrary
    private let engine = Locked<CurlEngine?>(nil)

    public convenience init(configuration: Configuration) {
        self.init(configuration: configuration, library: .installed)
    }

    init(configuration: Configuration, library: CurlLibrary) {
        self.configuration = configuration
        self.library = library
    }

    /// A client with default settings except for these two; see `Configuration`.
    public convenience init(connectTimeout: Duration = .seconds(10), userAgent: String = "gallery/0.1") {
        self.init(configuration: Configuration(connectTimeout: connectTimeout, userAgent: userAgent))
    }

    deinit {
        // A get in flight keeps the client alive, so nothing is running any more.
        engine.withLock { $0?.shutdown() }
    }

    /// Fetches `url`. Throws `HTTPError` (non-2xx is `.status`), or `CancellationError` when the calling
    /// task is cancelled (the transfer is aborted at once, or leaves the queue).
    ///
    /// While its host has `maxConcurrentTransfersPerHost` transfers running, a request waits its turn;
    /// its timeouts start when it runs.
    /// - Parameters:
    ///   - headers: extra request header fields.
    ///   - timeout: the limit for the whole request, redirects and body included.
    ///   - maxBodyBytes: the largest decoded body accepted; a larger one aborts with `.bodyTooLarge`.
    public func get(_ url: String, headers: [String: String] = [:],
                    timeout: Duration = .seconds(30), maxBodyBytes: Int = 64 << 20) async throws -> HTTPResponse {
        try await get(url, headers: headers, timeout: timeout, maxBodyBytes: maxBodyBytes, progress: nil)
    }

    /// `get`, telling `progress` the body bytes received so far and the length the server announced
    /// (nil when it did not, or after a compressed encoding). `progress` runs on the curl thread:
    /// keep it short and hop elsewhere for real work.
    public func get(_ url: String, headers: [String: String] = [:], timeout: Duration = .seconds(30),
                    maxBodyBytes: Int = 64 << 20,
                    progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let engine = try runningEngine()
        let target = try RequestURL.validate(url)
        let request = CurlRequest(url: url, target: target, headers: headers, userAgent: configuration.userAgent,
                                  timeout: timeout, connectTimeout: min(timeout, configuration.connectTimeout),
                                  maxBodyBytes: maxBodyBytes, lowSpeedLimit: configuration.lowSpeedLimit,
                                  lowSpeedTime: configuration.lowSpeedTime, progress: progress)
        let transfer = try CurlTransfer(request)
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

    /// The engine, made at the first request, after libcurl is loaded.
    private func runningEngine() throws(HTTPError) -> CurlEngine {
        try library.load()
        return engine.withLock { engine in
            if let engine { return engine }
            let started = CurlEngine(maxTransfersPerHost: configuration.maxConcurrentTransfersPerHost,
                                     maxTotalConnections: configuration.maxTotalConnections)
            engine = started
            return started
        }
    }
}
