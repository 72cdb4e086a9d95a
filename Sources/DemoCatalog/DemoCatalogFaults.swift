/// Faults the demo catalog injects, to show (and test) how a client copes with a bad network and a
/// hostile server. Everything is off by default.
///
/// Every decision is a pure function of the catalog's seed, the request's path and query, and the
/// attempt number (how often this server has been asked for that exact URL), so a run can be
/// replayed and a retry of the same URL can succeed where the first attempt failed.
public struct DemoCatalogFaults: Sendable, Equatable {
    /// How `429 Too Many Requests` answers are handed out, to API requests only (as on Unsplash,
    /// whose images come from a CDN without that limit).
    public enum RateLimit: Sendable, Equatable {
        case off
        /// About one API URL in `n` is answered 429 on its first attempt.
        case oneIn(Int)
        /// The first request for each list or search page is answered 429.
        case firstRequestPerPage
    }

    /// Share of list and search page attempts answered 500 or 503, in 0...1.
    public var pageErrorRate: Double
    /// Share of image attempts answered 500 or 503, in 0...1.
    public var imageErrorRate: Double
    public var rateLimit: RateLimit
    /// The `Retry-After` of 429 answers, in seconds.
    public var retryAfterSeconds: Int
    /// Status errors and 429s hit only the first `faultyAttempts` attempts of a URL, so a client
    /// that retries often enough always gets through. At least 1.
    public var faultyAttempts: Int
    /// Share of photos whose JPEG is cut in half (on every request, at every size), in 0...1.
    public var truncatedImageRate: Double
    /// Share of photos whose JPEG is garbage after its first bytes, in 0...1.
    public var corruptImageRate: Double
    /// List and search pages (1-based) whose JSON body is cut in half.
    public var malformedPages: Set<Int>
    /// Photo index 1 (the second photo of the feed) gets a description and alt description full of
    /// terminal escape sequences, C1 controls, bidi overrides and zero-width characters.
    public var hostileText: Bool
    /// Image bodies are trickled in small pieces spread over this long; zero sends them at once.
    public var slowDrip: Duration
    /// Share of photos whose image bodies trickle, when `slowDrip` is set, in 0...1.
    public var slowDripRate: Double

    public init(pageErrorRate: Double = 0, imageErrorRate: Double = 0, rateLimit: RateLimit = .off,
                retryAfterSeconds: Int = 1, faultyAttempts: Int = 1, truncatedImageRate: Double = 0,
                corruptImageRate: Double = 0, malformedPages: Set<Int> = [], hostileText: Bool = false,
                slowDrip: Duration = .zero, slowDripRate: Double = 1) {
        self.pageErrorRate = pageErrorRate
        self.imageErrorRate = imageErrorRate
        self.rateLimit = rateLimit
        self.retryAfterSeconds = max(0, retryAfterSeconds)
        self.faultyAttempts = max(1, faultyAttempts)
        self.truncatedImageRate = truncatedImageRate
        self.corruptImageRate = corruptImageRate
        self.malformedPages = malformedPages
        self.hostileText = hostileText
        self.slowDrip = slowDrip
        self.slowDripRate = slowDripRate
    }

    /// No faults at all.
    public static let none = DemoCatalogFaults()
}
