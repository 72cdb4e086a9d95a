/// Decides which faults a request meets. Every decision is a pure function of the seed, the
/// request (its kind and "path?query" target) and its attempt number, so runs repeat exactly and a
/// retried URL meets a fresh decision.
struct FaultPlan: Sendable {
    let seed: UInt64
    let latency: Duration
    let jitter: Duration
    let faults: DemoCatalogFaults

    init(_ configuration: DemoCatalogConfiguration) {
        seed = configuration.seed
        latency = configuration.latency
        jitter = configuration.jitter
        faults = configuration.faults
    }

    /// Independent draws for independent decisions.
    private enum Purpose: UInt64 {
        case jitter = 1, error, status, rateLimit, damage, drip
    }

    /// How long to wait before answering.
    func delay(target: String, attempt: Int) -> Duration {
        guard jitter > .zero else { return latency }
        return latency + jitter * draw(.jitter, target, attempt)
    }

    /// The error to answer instead of the real response, if any.
    func failure(for kind: RequestKind, target: String, attempt: Int) -> InjectedFailure? {
        guard attempt <= faults.faultyAttempts else { return nil }
        if isRateLimited(kind, target: target, attempt: attempt) {
            return .rateLimited(retryAfter: faults.retryAfterSeconds)
        }
        let rate: Double
        switch kind {
        case .page: rate = faults.pageErrorRate
        case .image: rate = faults.imageErrorRate
        case .other: rate = 0
        }
        guard draw(.error, target, attempt) < rate else { return nil }
        return .serverError(draw(.status, target, attempt) < 0.5 ? 500 : 503)
    }

    private func isRateLimited(_ kind: RequestKind, target: String, attempt: Int) -> Bool {
        switch (faults.rateLimit, kind) {
        case (.off, _), (_, .image): return false
        case (.firstRequestPerPage, .page): return attempt == 1
        case (.firstRequestPerPage, _): return false
        case (.oneIn(let n), _): return attempt == 1 && hash(.rateLimit, target, 0) % UInt64(max(1, n)) == 0
        }
    }

    /// Whether the JSON of this page is cut in half.
    func isMalformed(_ kind: RequestKind) -> Bool {
        if case .page(let page) = kind { return faults.malformedPages.contains(page) }
        return false
    }

    /// The damage done to every JPEG of photo `index`: by photo, so all sizes and attempts agree.
    func damage(ofImage index: Int) -> ImageDamage? {
        let roll = SplitMix64.unit(hashing: key(.damage, UInt64(index)))
        if roll < faults.truncatedImageRate { return .truncated }
        if roll < faults.truncatedImageRate + faults.corruptImageRate { return .corrupt }
        return nil
    }

    /// Whether the images of photo `index` trickle.
    func drips(image index: Int) -> Bool {
        faults.slowDrip > .zero && SplitMix64.unit(hashing: key(.drip, UInt64(index))) < faults.slowDripRate
    }

    private func draw(_ purpose: Purpose, _ target: String, _ attempt: Int) -> Double {
        Double(hash(purpose, target, attempt) >> 11) * 0x1p-53
    }

    private func hash(_ purpose: Purpose, _ target: String, _ attempt: Int) -> UInt64 {
        key(purpose, SplitMix64.hash(target) ^ SplitMix64.mix(UInt64(attempt)))
    }

    private func key(_ purpose: Purpose, _ value: UInt64) -> UInt64 {
        SplitMix64.mix(seed ^ SplitMix64.mix(purpose.rawValue &+ SplitMix64.mix(value)))
    }
}

extension SplitMix64 {
    /// FNV-1a of the text's UTF-8, finished with `mix`: the same in every process, unlike `Hasher`.
    static func hash(_ text: String) -> UInt64 {
        mix(text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
    }
}
