import CCurl
public import Foundation

/// When and how long to wait before repeating a failed idempotent request.
///
/// Retried: connection failures (resolve, connect, reset, partial or empty replies, HTTP/2 stream
/// errors), timeouts, 408, 429, 500, 502, 503 and 504. Everything else (other 4xx, a body over the
/// limit, a bad URL) fails at once. Waits grow exponentially from `baseDelay` up to `maxDelay`, with
/// full jitter (uniformly random between zero and that bound) so that many clients do not retry in
/// step; a `Retry-After` header replaces the computed wait, up to `maxRetryAfter`.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included: 3 means at most two retries. At least 1.
    public var maxAttempts: Int
    /// The bound of the first wait; it doubles with every retry.
    public var baseDelay: Duration
    /// The largest bound a computed wait can reach.
    public var maxDelay: Duration
    /// The longest wait a `Retry-After` header can ask for; longer requests are shortened to it.
    public var maxRetryAfter: Duration
    /// A uniform random number in `0..<1`; replace it to make the jitter predictable in tests.
    public var unitRandom: @Sendable () -> Double
    /// Wall-clock time, against which an HTTP-date `Retry-After` is measured.
    public var now: @Sendable () -> Date

    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
                maxRetryAfter: Duration = .seconds(60),
                unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.unitRandom = unitRandom
        self.now = now
    }

    /// The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed with `error`;
    /// nil when the request must not be repeated.
    public func delay(after error: HTTPError, attempt: Int) -> Duration? {
        guard attempt < maxAttempts, Self.isRetryable(error) else { return nil }
        if case .status(_, let headers) = error, let value = headers["retry-after"],
           let requested = RetryAfter.delay(value, now: now()) {
            return min(requested, maxRetryAfter)
        }
        let fraction = min(max(unitRandom(), 0), 1)
        return .seconds(backoffBound(attempt: attempt).inSeconds * fraction)
    }

    /// The upper bound of the jittered wait after attempt `attempt` failed: `baseDelay * 2^(attempt-1)`,
    /// at most `maxDelay`.
    public func backoffBound(attempt: Int) -> Duration {
        var bound = baseDelay
        for _ in 1..<max(1, attempt) where bound < maxDelay {
            bound *= 2
        }
        return min(bound, maxDelay)
    }

    /// Whether repeating the same GET may succeed.
    public static func isRetryable(_ error: HTTPError) -> Bool {
        switch error {
        case .timedOut: return true
        case .status(let code, _): return retryableStatuses.contains(code)
        case .transport(let code, _): return retryableCurlCodes.contains(code)
        case .invalidURL, .unsupportedScheme, .bodyTooLarge: return false
        }
    }

    private static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    private static let retryableCurlCodes: Set<Int> = Set([
        CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_HTTP2,
        CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2_STREAM,
    ].map { Int($0.rawValue) })
}

extension Duration {
    fileprivate var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
