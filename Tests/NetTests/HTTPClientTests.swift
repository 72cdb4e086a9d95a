import Foundation
import Net
import Testing

@Suite struct HTTPClientTests {
    let client = HTTPClient()
    let server = LoopbackHTTPServer.shared

    @Test func largeBodyArrivesByteExact() async throws {
        let count = 5 << 20
        let response = try await client.get(server.url("/bytes/\(count)"))
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "\(count)")
        #expect(firstMismatch(response.body, LoopbackHTTPServer.body(count: count)) == nil)
    }

    @Test func bodyWithoutContentLengthArrivesWhole() async throws {
        let response = try await client.get(server.url("/bytes-unsized/70000"))
        #expect(firstMismatch(response.body, LoopbackHTTPServer.body(count: 70000)) == nil)
    }

    @Test func cancellingAbortsTheTransferAndClosesTheConnection() async throws {
        let id = UUID().uuidString
        let client = self.client
        let task = Task { try await client.get(server.url("/slow/\(id)")) }
        try await Task.sleep(for: .milliseconds(200))
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The slow route would run for ~10 s if the transfer were not aborted.
        #expect(clock.now - cancelledAt < .seconds(3))
        #expect(await eventually { server.slowRouteClosedByClient(id: id) })
    }

    @Test func taskCancelledBeforeTheCallNeverStartsATransfer() async throws {
        let target = "/bytes/10?id=\(UUID().uuidString)"
        let client = self.client
        let task = Task {
            try? await Task.sleep(for: .seconds(10))
            return try await client.get(server.url(target))
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!server.received(target))
    }

    @Test(arguments: [404, 500])
    func nonSuccessStatusThrowsWithHeaders(code: Int) async throws {
        let error = await #expect(throws: HTTPError.self) { try await client.get(server.url("/status/\(code)")) }
        guard case .status(let status, let headers) = error else {
            Issue.record("expected .status, got \(String(describing: error))")
            return
        }
        #expect(status == code)
        #expect(headers["retry-after"] == "7")
    }

    @Test func unansweredRequestTimesOut() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: HTTPError.timedOut) {
            try await client.get(server.url("/hang"), timeout: .milliseconds(500))
        }
        // The route never answers: without the timeout this would wait for the test's own limit.
        #expect(clock.now - start < .seconds(8))
    }

    @Test(arguments: [("ftp://127.0.0.1/file", "ftp"), ("file:///etc/passwd", "file"), ("FILE:///etc/passwd", "file")])
    func nonHTTPSchemesAreRejected(url: String, scheme: String) async throws {
        await #expect(throws: HTTPError.unsupportedScheme(scheme)) { try await client.get(url) }
    }

    @Test(arguments: ["not a url", "http://", "://example.com", ""])
    func garbageIsAnInvalidURL(url: String) async throws {
        await #expect(throws: HTTPError.invalidURL(url)) { try await client.get(url) }
    }

    @Test(arguments: ["/bytes/100000", "/bytes-unsized/100000"])
    func bodyOverTheLimitIsRejected(target: String) async throws {
        await #expect(throws: HTTPError.bodyTooLarge(limit: 1000)) {
            _ = try await client.get(server.url(target), maxBodyBytes: 1000)
        }
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() async throws {
        let response = try await client.get(server.url("/bytes-unsized/1000"), maxBodyBytes: 1000)
        #expect(response.body.count == 1000)
    }

    @Test func concurrentGetsRunInParallel() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let client = self.client
        let server = self.server
        let bodies = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for index in 0..<10 {
                group.addTask {
                    (index, try await client.get(server.url("/bytes/\(1000 + index)?delay=1000")).body)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(bodies.count == 10)
        for (index, body) in bodies {
            #expect(firstMismatch(body, LoopbackHTTPServer.body(count: 1000 + index)) == nil)
        }
        // One after another would take 10 s.
        #expect(clock.now - start < .seconds(6))
    }

    @Test func redirectIsFollowedAndReportsTheFinalURL() async throws {
        let response = try await client.get(server.url("/redirect?to=/bytes/10"))
        #expect(response.status == 200)
        #expect(response.url == server.url("/bytes/10"))
        #expect(response.body == LoopbackHTTPServer.body(count: 10))
        #expect(response.header("X-Redirect") == nil, "headers of the redirect response must not leak through")
    }

    @Test func redirectToANonHTTPSchemeIsRefused() async throws {
        await #expect(throws: HTTPError.unsupportedScheme("ftp")) {
            try await client.get(server.url("/redirect?to=ftp://127.0.0.1/file"))
        }
    }

    @Test func sendsUserAgentAndRequestHeaders() async throws {
        let response = try await client.get(server.url("/echo"), headers: ["X-Gallery-Test": "yes"])
        let head = String(decoding: response.body, as: UTF8.self)
        #expect(head.contains("\r\nUser-Agent: gallery/0.1"))
        #expect(head.contains("\r\nX-Gallery-Test: yes"))
    }

    @Test func refusedConnectionIsATransportError() async throws {
        let error = await #expect(throws: HTTPError.self) { try await client.get("http://127.0.0.1:\(closedPort())/") }
        guard case .transport(let code, let message) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(code == 7) // CURLE_COULDNT_CONNECT
        #expect(!message.isEmpty)
    }

    @Test func clientsCanBeReleasedAndReplaced() async throws {
        for index in 0..<5 {
            let client = HTTPClient()
            let response = try await client.get(server.url("/bytes/\(index)"))
            #expect(response.body == LoopbackHTTPServer.body(count: index))
        }
    }
}

/// Where two bodies first differ (an index, or "length a vs b"); nil when equal. Keeps failure
/// messages short where comparing the arrays would print megabytes.
func firstMismatch(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
    guard actual != expected else { return nil }
    guard actual.count == expected.count else { return "length \(actual.count) vs \(expected.count)" }
    return "byte \(actual.indices.first { actual[$0] != expected[$0] } ?? 0)"
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: Duration = .seconds(10), pollingEvery interval: Duration = .milliseconds(20),
                _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return condition()
}

/// A loopback port nobody listens on: bound once to get it, then released.
func closedPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    return UInt16(bigEndian: address.sin_port)
}
