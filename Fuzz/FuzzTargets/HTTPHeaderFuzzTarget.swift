#if TESTABLE_IMPORTS
import Foundation
@testable import Gallery
@testable import Net

/// The input is a response's header block as libcurl hands it over, line by line (status lines
/// included). The fields collected are then read as the app reads them: `Retry-After` by the
/// retry policy, `Link` for pagination, the counts as numbers.
enum HTTPHeaderFuzzTarget {
    /// A fixed clock: an HTTP-date's wait must not depend on when the fuzzer runs.
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)
    private static let policy = RetryPolicy(unitRandom: { 0.5 }, now: { now })

    static func run(_ input: UnsafeRawBufferPointer) throws {
        var parser = ResponseHeaderParser()
        for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            parser.consume(line: String(decoding: line + [UInt8(ascii: "\n")], as: UTF8.self))
        }
        let fields = parser.fields
        try check(fields.keys.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() && $0.trimmingHTTPWhitespace() == $0 },
                  "http-headers: field names \(fields.keys.sorted()) are not lower-cased and trimmed")
        try checkRetryAfter(fields)
        let response = HTTPResponse(status: 200, headers: fields, body: [], url: "https://example.com/")
        _ = LinkHeader.hasNext(response.header("Link"))
        _ = response.header("Content-Length").flatMap { Int($0) }
        _ = response.header("X-Ratelimit-Remaining").flatMap { Int($0) }
        // The whole input as one value too: libFuzzer finds the parsers' corners faster without
        // having to build a well-formed header line around them first.
        let text = String(decoding: input, as: UTF8.self)
        _ = LinkHeader.hasNext(text)
        _ = RetryAfter.delay(text, now: now)
    }

    /// A 429 with these headers waits between zero and the policy's cap, whatever `Retry-After`
    /// says; a value read as seconds is ASCII digits (RFC 9110's delay-seconds), nothing else.
    private static func checkRetryAfter(_ fields: [String: String]) throws {
        let delay = policy.delay(after: .status(429, headers: fields), attempt: 1)
        try check(delay.map { $0 >= .zero && $0 <= max(policy.maxRetryAfter, policy.maxDelay) } == true,
                  "http-headers: Retry-After \(fields["retry-after"]?.debugDescription ?? "none") waits \(String(describing: delay))")
        guard let value = fields["retry-after"]?.trimmingHTTPWhitespace(), RetryAfter.delay(String(value), now: now) != nil,
              HTTPDate.parse(String(value)) == nil else { return }
        try check(value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) },
                  "http-headers: Retry-After \(value.debugDescription) is taken for a number of seconds")
    }
}
#endif
