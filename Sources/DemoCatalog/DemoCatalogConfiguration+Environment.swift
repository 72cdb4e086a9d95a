import Foundation

extension DemoCatalogConfiguration {
    /// The configuration described by `GALLERY_DEMO_*` environment variables; unset variables keep
    /// the defaults of `init()`.
    ///
    /// | Variable | Value | Effect |
    /// |---|---|---|
    /// | `GALLERY_DEMO_SEED` | integer ≥ 0 | which catalog (and which faults) |
    /// | `GALLERY_DEMO_PHOTO_COUNT` | integer ≥ 0 | photos in the catalog |
    /// | `GALLERY_DEMO_LATENCY_MS` | ms | fixed delay before every response |
    /// | `GALLERY_DEMO_JITTER_MS` | ms | up to this much more, per request |
    /// | `GALLERY_DEMO_PAGE_ERROR_RATE` | 0…1 | share of list/search attempts answered 500 or 503 |
    /// | `GALLERY_DEMO_IMAGE_ERROR_RATE` | 0…1 | share of image attempts answered 500 or 503 |
    /// | `GALLERY_DEMO_RATE_LIMIT` | `pages`, or n ≥ 1 | 429 for the first request of each page, or for one API URL in n |
    /// | `GALLERY_DEMO_RETRY_AFTER` | seconds | the 429s' `Retry-After` (default 1) |
    /// | `GALLERY_DEMO_FAULTY_ATTEMPTS` | integer ≥ 1 | errors and 429s hit only this many attempts of a URL (default 1) |
    /// | `GALLERY_DEMO_TRUNCATED_IMAGE_RATE` | 0…1 | share of photos whose JPEG is cut in half |
    /// | `GALLERY_DEMO_CORRUPT_IMAGE_RATE` | 0…1 | share of photos whose JPEG is garbage |
    /// | `GALLERY_DEMO_MALFORMED_PAGES` | e.g. `3` or `3,7` | pages whose JSON is cut in half |
    /// | `GALLERY_DEMO_HOSTILE_TEXT` | `1`/`true`/`yes` or `0`/`false`/`no` | photo 2 carries terminal escapes, C1, bidi and zero-width characters |
    /// | `GALLERY_DEMO_SLOW_DRIP_MS` | ms | image bodies trickle over this long |
    /// | `GALLERY_DEMO_SLOW_DRIP_RATE` | 0…1 | share of photos that trickle (default 1) |
    ///
    /// Throws `DemoCatalogEnvironmentError` naming the first variable with an unusable value.
    public static func fromEnvironment(_ environment: [String: String]) throws -> DemoCatalogConfiguration {
        let reader = EnvironmentReader(environment: environment)
        var configuration = DemoCatalogConfiguration()
        var faults = DemoCatalogFaults()
        if let seed = try reader.value("GALLERY_DEMO_SEED", expected: "an integer ≥ 0", UInt64.init) {
            configuration.seed = seed
        }
        if let count = try reader.integer("GALLERY_DEMO_PHOTO_COUNT", atLeast: 0) { configuration.photoCount = count }
        if let latency = try reader.milliseconds("GALLERY_DEMO_LATENCY_MS") { configuration.latency = latency }
        if let jitter = try reader.milliseconds("GALLERY_DEMO_JITTER_MS") { configuration.jitter = jitter }
        if let rate = try reader.rate("GALLERY_DEMO_PAGE_ERROR_RATE") { faults.pageErrorRate = rate }
        if let rate = try reader.rate("GALLERY_DEMO_IMAGE_ERROR_RATE") { faults.imageErrorRate = rate }
        if let limit = try reader.value("GALLERY_DEMO_RATE_LIMIT", expected: "\"pages\" or an integer ≥ 1",
                                        DemoCatalogFaults.RateLimit.init(environmentValue:)) {
            faults.rateLimit = limit
        }
        if let seconds = try reader.integer("GALLERY_DEMO_RETRY_AFTER", atLeast: 0) { faults.retryAfterSeconds = seconds }
        if let attempts = try reader.integer("GALLERY_DEMO_FAULTY_ATTEMPTS", atLeast: 1) { faults.faultyAttempts = attempts }
        if let rate = try reader.rate("GALLERY_DEMO_TRUNCATED_IMAGE_RATE") { faults.truncatedImageRate = rate }
        if let rate = try reader.rate("GALLERY_DEMO_CORRUPT_IMAGE_RATE") { faults.corruptImageRate = rate }
        if let pages = try reader.value("GALLERY_DEMO_MALFORMED_PAGES", expected: "page numbers ≥ 1, comma-separated",
                                        Self.pageNumbers) {
            faults.malformedPages = pages
        }
        if let hostile = try reader.value("GALLERY_DEMO_HOSTILE_TEXT", expected: "1, true, yes, 0, false or no",
                                          Self.flag) {
            faults.hostileText = hostile
        }
        if let drip = try reader.milliseconds("GALLERY_DEMO_SLOW_DRIP_MS") { faults.slowDrip = drip }
        if let rate = try reader.rate("GALLERY_DEMO_SLOW_DRIP_RATE") { faults.slowDripRate = rate }
        configuration.faults = faults
        return configuration
    }

    private static func pageNumbers(_ text: String) -> Set<Int>? {
        var pages: Set<Int> = []
        for field in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let page = Int(field.trimmingCharacters(in: .whitespaces)), page >= 1 else { return nil }
            pages.insert(page)
        }
        return pages
    }

    private static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off", "": false
        default: nil
        }
    }
}

extension DemoCatalogFaults.RateLimit {
    init?(environmentValue text: String) {
        switch text.lowercased() {
        case "pages": self = .firstRequestPerPage
        case "0", "off", "": self = .off
        default:
            guard let n = Int(text), n >= 1 else { return nil }
            self = .oneIn(n)
        }
    }
}

/// An environment variable of the demo catalog holds a value it cannot use.
public struct DemoCatalogEnvironmentError: Error, Sendable, Equatable, CustomStringConvertible {
    public let variable: String
    public let value: String
    /// What would have been accepted, e.g. "a number from 0 to 1".
    public let expected: String

    public var description: String { "\(variable)=\(value): expected \(expected)" }
}

/// Typed reads of environment variables, each failing with the variable's name.
private struct EnvironmentReader {
    let environment: [String: String]

    func value<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let raw = environment[name] else { return nil }
        guard let value = parse(raw.trimmingCharacters(in: .whitespaces)) else {
            throw DemoCatalogEnvironmentError(variable: name, value: raw, expected: expected)
        }
        return value
    }

    func integer(_ name: String, atLeast minimum: Int) throws -> Int? {
        try value(name, expected: "an integer ≥ \(minimum)") { Int($0).flatMap { $0 >= minimum ? $0 : nil } }
    }

    func milliseconds(_ name: String) throws -> Duration? {
        try integer(name, atLeast: 0).map { .milliseconds($0) }
    }

    func rate(_ name: String) throws -> Double? {
        try value(name, expected: "a number from 0 to 1") { Double($0).flatMap { (0...1).contains($0) ? $0 : nil } }
    }
}
