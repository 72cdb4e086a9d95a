import Foundation
import Net
import Testing

struct RetryPolicyTests {
    static let fixedNow = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT

    func policy(random: Double = 0.5, maxAttempts: Int = 5) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(100), maxDelay: .milliseconds(1000),
                    maxRetryAfter: .seconds(60), unitRandom: { random }, now: { Self.fixedNow })
    }

    @Test func backoffBoundDoublesUpToTheCap() {
        let bounds = (1...6).map { policy().backoffBound(attempt: $0) }
        #expect(bounds == [100, 200, 400, 800, 1000, 1000].map { Duration.milliseconds($0) })
    }

    @Test(arguments: [(0.0, 0), (0.5, 200), (0.999, 399)])
    func fullJitterScalesTheBoundByTheRandomFraction(random: Double, expectedMilliseconds: Int) throws {
        let delay = try #require(policy(random: random).delay(after: .timedOut, attempt: 3))
        let expected = Duration.milliseconds(expectedMilliseconds)
        #expect(delay > expected - .milliseconds(1) && delay < expected + .milliseconds(1))
    }

    @Test func systemRandomJitterStaysWithinBoundsAndVaries() throws {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        var seen = Set<Duration>()
        for attempt in 1...6 {
            for _ in 0..<200 {
                let delay = try #require(policy.delay(after: .status(503, headers: [:]), attempt: attempt))
                #expect(delay >= .zero && delay <= policy.backoffBound(attempt: attempt))
                seen.insert(delay)
            }
        }
        #expect(seen.count > 100)
    }

    @Test func stopsAfterMaxAttempts() {
        #expect(policy(maxAttempts: 3).delay(after: .timedOut, attempt: 2) != nil)
        #expect(policy(maxAttempts: 3).delay(after: .timedOut, attempt: 3) == nil)
        #expect(policy(maxAttempts: 1).delay(after: .timedOut, attempt: 1) == nil)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func transientStatusesAreRetried(code: Int) {
        #expect(RetryPolicy.isRetryable(.status(code, headers: [:])))
    }

    @Test(arguments: [400, 401, 403, 404, 410, 418, 501, 505])
    func otherStatusesAreNot(code: Int) {
        #expect(!RetryPolicy.isRetryable(.status(code, headers: [:])))
        #expect(policy().delay(after: .status(code, headers: ["retry-after": "1"]), attempt: 1) == nil)
    }

    @Test func connectionFailuresAndTimeoutsAreRetriedOtherFailuresAreNot() {
        for code in [6, 7, 18, 52, 55, 56] {
            #expect(RetryPolicy.isRetryable(.transport(code: code, message: "")), "curl code \(code)")
        }
        #expect(RetryPolicy.isRetryable(.timedOut))
        #expect(!RetryPolicy.isRetryable(.transport(code: 60, message: "TLS certificate")))
        #expect(!RetryPolicy.isRetryable(.bodyTooLarge(limit: 1)))
        #expect(!RetryPolicy.isRetryable(.invalidURL("x")))
        #expect(!RetryPolicy.isRetryable(.unsupportedScheme("ftp")))
    }

    @Test(arguments: [
        ("12", Duration.seconds(12)),
        (" 0 ", .zero),
        ("Sun, 06 Nov 1994 08:50:07 GMT", .seconds(30)),
        ("Sun, 06 Nov 1994 08:40:00 GMT", .zero),
        ("3600", .seconds(60)),
        ("Fri, 31 Dec 1999 23:59:59 GMT", .seconds(60)),
    ])
    func retryAfterReplacesTheBackoffUpToItsCap(value: String, expected: Duration) {
        let error = HTTPError.status(429, headers: ["retry-after": value])
        #expect(policy().delay(after: error, attempt: 1) == expected)
    }

    /// "1\u{308}" is a digit with a combining mark: one Character between "0" and "9", which was
    /// taken for a number too large to read, so the longest wait.
    @Test(arguments: ["soon", "-5", "1.5", "Sun, 06 Nov 1994 25:00:00 GMT", "06 Nov 1994 08:50:07 GMT", "",
                      "1\u{308}", "\u{661}\u{662}"])
    func unreadableRetryAfterFallsBackToTheBackoff(value: String) {
        let error = HTTPError.status(503, headers: ["retry-after": value])
        #expect(policy(random: 0.5).delay(after: error, attempt: 1) == .milliseconds(50))
    }
}
