/// A retry about to happen, for telling the user why nothing arrives yet
/// ("rate limited, retrying in 12 s").
public struct RetryEvent: Sendable, Equatable {
    /// The attempt that will follow the wait: 2 for the first retry.
    public let attempt: Int
    /// How long the client waits before that attempt.
    public let delay: Duration
    /// Why the previous attempt failed.
    public let reason: HTTPError

    public init(attempt: Int, delay: Duration, reason: HTTPError) {
        self.attempt = attempt
        self.delay = delay
        self.reason = reason
    }

    /// Whether the server asked to slow down (429).
    public var isRateLimited: Bool {
        if case .status(429, _) = reason { return true }
        return false
    }
}
