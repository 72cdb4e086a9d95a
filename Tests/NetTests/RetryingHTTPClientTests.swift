import Foundation
import Net
import Testing

struct RetryingHTTPClientTests {
    let server = LoopbackHTTPServer.shared
    let clock = RecordingClock()
    let events = Recorder<RetryEvent>()

    func retrying(maxAttempts: Int = 3, clock: any Clock<Duration>) -> RetryingHTTPClient {
        let events = self.events
        let policy = RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(100), maxDelay: .seconds(1),
                                 unitRandom: { 1 })
        return RetryingHTTPClient(client: HTTPClient(), policy: policy, clock: clock, onRetry: { events.append($0) })
    }

    @Test func serviceUnavailableIsRetriedUntilItSucceeds() async throws {
        let group = UUID().uuidString
        let response = try await retrying(clock: clock).get(server.url("/flaky/1/503?group=\(group)"))
        #expect(response.body == Array("ok".utf8))
        #expect(server.requestCount(group: group) == 2)
        #expect(clock.sleeps == [.milliseconds(100)])
        #expect(events.all.map(\.attempt) == [2])
        #expect(events.all.first?.reason.statusCode == 503)
    }

    @Test func rateLimitWaitsAsLongAsRetryAfterSays() async throws {
        let group = UUID().uuidString
        let response = try await retrying(clock: clock).get(server.url("/flaky/1/429?group=\(group)&retry-after=1"))
        #expect(response.status == 200)
        #expect(clock.sleeps == [.seconds(1)])
        let event = try #require(events.all.first)
        #expect(event.isRateLimited)
        #expect(event.delay == .seconds(1))
    }

    @Test func notFoundIsNotRetried() async throws {
        let group = UUID().uuidString
        await #expect(throws: HTTPError.self) {
            try await retrying(clock: clock).get(server.url("/flaky/5/404?group=\(group)"))
        }
        #expect(server.requestCount(group: group) == 1)
        #expect(clock.sleeps.isEmpty)
        #expect(events.all.isEmpty)
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastError() async throws {
        let group = UUID().uuidString
        let error = await #expect(throws: HTTPError.self) {
            try await retrying(maxAttempts: 3, clock: clock).get(server.url("/flaky/9/500?group=\(group)"))
        }
        #expect(error?.statusCode == 500)
        #expect(server.requestCount(group: group) == 3)
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
        #expect(events.all.map(\.attempt) == [2, 3])
    }

    @Test func refusedConnectionIsRetried() async throws {
        await #expect(throws: HTTPError.self) {
            try await retrying(clock: clock).get("http://127.0.0.1:\(closedPort())/")
        }
        #expect(events.all.map(\.reason.curlCode) == [7, 7])
    }

    @Test func cancellationDuringTheBackoffEndsAtOnce() async throws {
        let group = UUID().uuidString
        // Real time: the server asks for 7 s.
        let client = retrying(clock: ContinuousClock())
        let task = Task { try await client.get(server.url("/flaky/5/503?group=\(group)&retry-after=7")) }
        #expect(await eventually { !events.all.isEmpty })
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The backoff was 7 s.
        #expect(clock.now - start < .seconds(3))
        #expect(events.all.first?.delay == .seconds(7))
        #expect(server.requestCount(group: group) == 1)
    }
}

extension HTTPError {
    var statusCode: Int? {
        if case .status(let code, _) = self { return code }
        return nil
    }

    var curlCode: Int? {
        if case .transport(let code, _) = self { return code }
        return nil
    }
}
