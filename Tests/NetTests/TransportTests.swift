import Foundation
import Net
import Testing
import TestSupport

/// The transport settings of `HTTPClient.Configuration`, against the loopback server.
struct TransportTests {
    let server = LoopbackHTTPServer.shared

    @Test func perHostCapLimitsConcurrentTransfersAndRunsThemAll() async throws {
        let client = HTTPClient(configuration: .init(maxConcurrentTransfersPerHost: 3))
        let group = UUID().uuidString
        let url = server.url("/bytes/100?delay=200&group=\(group)")
        let count = try await withThrowingTaskGroup(of: Int.self) { tasks in
            for _ in 0..<10 {
                tasks.addTask { try await client.get(url).body.count }
            }
            return try await tasks.reduce(0) { $0 + ($1 == 100 ? 1 : 0) }
        }
        #expect(count == 10)
        #expect(server.requestCount(group: group) == 10)
        #expect(server.maxConcurrent(group: group) == 3)
    }

    @Test func cancelledQueuedRequestLeavesAtOnceAndFreesItsTurn() async throws {
        let client = HTTPClient(configuration: .init(maxConcurrentTransfersPerHost: 1))
        let (blocker, cancelled, next) = (UUID().uuidString, UUID().uuidString, UUID().uuidString)
        let running = Task { try await client.get(server.url("/bytes/10?delay=3000&group=\(blocker)")) }
        #expect(await eventually { server.requestCount(group: blocker) == 1 })
        let queued = Task { try await client.get(server.url("/bytes/10?group=\(cancelled)")) }
        let following = Task { try await client.get(server.url("/bytes/20?group=\(next)")) }
        try await Task.sleep(for: .milliseconds(100))

        let clock = ContinuousClock()
        let start = clock.now
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        // The running request holds the only slot for 3 s.
        #expect(clock.now - start < .seconds(2), "a queued request must not wait for the running one")

        #expect(try await running.value.body.count == 10)
        #expect(try await following.value.body.count == 20)
        #expect(server.requestCount(group: cancelled) == 0)
        #expect(server.requestCount(group: next) == 1)
    }

    @Test func stalledTransferTimesOutOnLowSpeed() async throws {
        let client = HTTPClient(configuration: .init(lowSpeedLimit: 1000, lowSpeedTime: .seconds(1)))
        let id = UUID().uuidString
        let clock = ContinuousClock()
        let start = clock.now
        // The slow route sends 50 bytes per second, well under the limit; the overall timeout is far away.
        await #expect(throws: HTTPError.timedOut) { try await client.get(server.url("/slow/\(id)"), timeout: .seconds(30)) }
        // Far below the 30 s overall timeout: the low-speed limit ended it.
        #expect(clock.now - start < .seconds(12))
        #expect(await eventually { server.slowRouteClosedByClient(id: id) })
    }

    @Test func silentServerTimesOutOnLowSpeedBeforeTheOverallTimeout() async throws {
        let client = HTTPClient(configuration: .init(lowSpeedTime: .seconds(1)))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: HTTPError.timedOut) { try await client.get(server.url("/hang"), timeout: .seconds(30)) }
        // Far below the 30 s overall timeout: the low-speed limit ended it.
        #expect(clock.now - start < .seconds(12))
    }

    @Test func sequentialRequestsReuseTheConnection() async throws {
        let client = HTTPClient()
        let first = try await client.get(server.url("/keep-alive"))
        let second = try await client.get(server.url("/keep-alive"))
        #expect(first.header("X-Connection") != nil)
        #expect(first.header("X-Connection") == second.header("X-Connection"))
    }

    /// A connection whose response was abandoned half-way must close at once, or the server goes on
    /// sending the whole body for nobody. It was seen to stay ESTABLISHED when a process had been
    /// started while the connection sat in the pool: the child inherited the socket, so libcurl's
    /// close did not end the connection. Sockets must be close-on-exec.
    @Test func cancellingClosesAReusedConnectionThoughAChildProcessWasStartedMeanwhile() async throws {
        let client = HTTPClient()
        let pooled = try await client.get(server.url("/keep-alive")).header("X-Connection")
        // Inherits every descriptor of this process that is not close-on-exec; killed by its deinit.
        let child = try TestProcess(["/bin/sleep", "30"])
        let id = UUID().uuidString
        let task = Task { try await client.get(server.url("/slow/\(id)")) }
        #expect(await eventually { server.received("/slow/\(id)") })
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.connection(of: "/slow/\(id)").map(String.init) == pooled, "the slow request must reuse the pooled connection")
        #expect(await eventually(timeout: .seconds(3)) { server.slowRouteClosedByClient(id: id) })
        #expect(child.isRunning, "the child must still be running, holding what it inherited")
    }

    @Test func configurationKeepsSaneBounds() {
        let configuration = HTTPClient.Configuration(maxConcurrentTransfersPerHost: 0, maxTotalConnections: -3)
        #expect(configuration.maxConcurrentTransfersPerHost == 1)
        #expect(configuration.maxTotalConnections == 0)
        #expect(HTTPClient.Configuration().maxConcurrentTransfersPerHost == 6)
        #expect(HTTPClient(connectTimeout: .seconds(3)).configuration.connectTimeout == .seconds(3))
    }
}
