/// What the demo catalog serves and how.
public struct DemoCatalogConfiguration: Sendable, Equatable {
    /// Everything in the catalog (ids, words, sizes, pictures) is a pure function of the seed and
    /// the photo's index: the same seed always serves the same catalog. Injected faults too.
    public var seed: UInt64
    /// Number of photos (Unsplash's `X-Total`).
    public var photoCount: Int
    /// Delay before every response, to simulate a slow network.
    public var latency: Duration
    /// Up to this much more delay, different for every request (a function of seed, URL and attempt).
    public var jitter: Duration
    /// What goes wrong on purpose.
    public var faults: DemoCatalogFaults

    public init(seed: UInt64 = 42, photoCount: Int = 10_000, latency: Duration = .zero,
                jitter: Duration = .zero, faults: DemoCatalogFaults = .none) {
        self.seed = seed
        self.photoCount = max(0, photoCount)
        self.latency = latency
        self.jitter = jitter
        self.faults = faults
    }
}
