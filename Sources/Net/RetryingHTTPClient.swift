/// An `HTTPClient` whose GETs are repeated after transient failures, as `policy` says.
///
/// Only for idempotent requests, which every `get` is. The waits between attempts run on `clock`
/// and end at once with `CancellationError` when the calling task is cancelled.
public struct RetryingHTTPClient: Sendable {
    public let client: HTTPClient
    public let policy: RetryPolicy
    private let clock: any Clock<Duration>
    private let onRetry: @Sendable (RetryEvent) -> Void

    /// - Parameters:
    ///   - clock: where the waits between attempts are slept; a test clock makes them instant.
    ///   - onRetry: called before each wait, on the requesting task, e.g. to show
    ///     "rate limited, retrying in 12 s".
    public init(client: HTTPClient, policy: RetryPolicy = RetryPolicy(), clock: any Clock<Duration> = ContinuousClock(),
                onRetry: @escaping @Sendable (RetryEvent) -> Void = { _ in }) {
        self.client = client
        self.policy = policy
        self.clock = clock
        self.onRetry = onRetry
    }

    /// `HTTPClient.get`, repeated while the policy allows it. Throws the last attempt's error.
    public func get(_ url: String, headers: [String: String] = [:],
                    timeout: Duration = .seconds(30), maxBodyBytes: Int = 64 << 20) async throws -> HTTPResponse {
        var attempt = 1
        while true {
            do {
                return try await client.get(url, headers: headers, timeout: timeout, maxBodyBytes: maxBodyBytes)
            } catch let error as HTTPError {
                guard let delay = policy.delay(after: error, attempt: attempt) else { throw error }
                attempt += 1
                onRetry(RetryEvent(attempt: attempt, delay: delay, reason: error))
                try await clock.sleep(for: delay)
            }
        }
    }
}
