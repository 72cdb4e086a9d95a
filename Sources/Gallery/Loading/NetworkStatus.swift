public import Net
public import Observation

/// What the network is doing that the user should know about while nothing arrives: a retry under
/// way ("rate limited, retrying in 12 s") and the API requests left in the rate-limit window.
///
/// Fed from any thread (a `RetryingHTTPClient`'s `onRetry`, a source's rate-limit observer);
/// observed on the main actor by the status bar.
@MainActor
@Observable
public final class NetworkStatus {
    /// The retry being waited for, until its wait is over.
    public private(set) var retryNotice: String?
    /// The last `X-Ratelimit-Remaining` seen.
    public private(set) var rateLimitRemaining: Int?
    @ObservationIgnored private var noticeGeneration = 0

    public init() {}

    /// One line for the status bar, or nil when there is nothing to say.
    public var summary: String? {
        let parts = [retryNotice, rateLimitRemaining.map { "\($0) API requests left" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Reports a retry; the notice is shown until its wait ends. Callable from any thread.
    public nonisolated func report(_ event: RetryEvent) {
        Task { @MainActor in self.show(event) }
    }

    /// Records the server's `X-Ratelimit-Remaining`. Callable from any thread.
    public nonisolated func updateRateLimitRemaining(_ remaining: Int) {
        Task { @MainActor in self.rateLimitRemaining = remaining }
    }

    /// The text shown for `event`, e.g. "rate limited, retrying in 12 s".
    public nonisolated static func text(for event: RetryEvent) -> String {
        let seconds = event.delay.components.seconds + (event.delay.components.attoseconds > 0 ? 1 : 0)
        let wait = "retrying in \(max(1, seconds)) s"
        if event.isRateLimited { return "rate limited, \(wait)" }
        return "\(event.reason.description), \(wait)"
    }

    private func show(_ event: RetryEvent) {
        noticeGeneration += 1
        let generation = noticeGeneration
        retryNotice = Self.text(for: event)
        Task { [weak self] in
            try? await Task.sleep(for: event.delay)
            // A later retry owns the notice now; leave it to clear its own.
            guard let self, self.noticeGeneration == generation else { return }
            self.retryNotice = nil
        }
    }
}
