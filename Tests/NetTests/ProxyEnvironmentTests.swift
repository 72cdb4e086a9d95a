import Foundation
import Net
import Testing
import TestSupport

/// libcurl takes the proxy from `http_proxy` / `no_proxy` unless we override it, which we must not.
///
/// The environment is process-wide and read by every transfer, so changing it here would race with
/// the other tests: each case runs `childFetches` in a child process of this test binary instead,
/// with the variables set there.
struct ProxyEnvironmentTests {
    let server = LoopbackHTTPServer.shared

    static let childURLVariable = "GALLERY_NET_TEST_CHILD_URL"
    static let childURL = ProcessInfo.processInfo.environment[childURLVariable]

    @Test func httpProxyVariableRoutesRequestsThroughTheProxy() async throws {
        let target = "/bytes/10?group=\(UUID().uuidString)"
        // Only the proxy can reach this host: .invalid never resolves.
        let output = try await runChild(url: "http://gallery-test.invalid\(target)",
                                        environment: ["http_proxy": server.url("")])
        #expect(output == nil)
        #expect(server.receivedThroughProxy(target))
    }

    @Test func noProxyVariableBypassesTheProxy() async throws {
        let target = "/bytes/10?group=\(UUID().uuidString)"
        let output = try await runChild(url: server.url(target),
                                        environment: ["http_proxy": "http://127.0.0.1:\(closedPort())",
                                                      "no_proxy": "127.0.0.1"])
        #expect(output == nil)
        #expect(server.received(target))
        #expect(!server.receivedThroughProxy(target))
    }

    /// The child side: fetches the URL it was given and checks the body of the `/bytes/10` route.
    @Test(.enabled(if: childURL != nil, "runs only in the child process"))
    func childFetches() async throws {
        let response = try await HTTPClient().get(try #require(Self.childURL))
        #expect(response.body == LoopbackHTTPServer.body(count: 10))
    }

    /// Runs `childFetches` in a new process of this binary. Returns nil on success, else its output.
    private func runChild(url: String, environment: [String: String]) async throws -> String? {
        // The runner's own proxy variables left out: the child has only those of the case.
        var childEnvironment = ProcessInfo.processInfo.environment.filter { !$0.key.lowercased().hasSuffix("_proxy") }
        childEnvironment.merge(environment) { $1 }
        childEnvironment[Self.childURLVariable] = url
        let child = try TestProcess(test: "ProxyEnvironmentTests/childFetches", environment: childEnvironment)
        guard await child.waitForExit(timeout: .seconds(30)) != nil else { return "timed out: " + child.output }
        return child.passedItsTest ? nil : child.output
    }
}
