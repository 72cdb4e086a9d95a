import Net
import OperatingSystem
import Testing

@Suite struct ProgressTests {
    let client = HTTPClient()
    let server = LoopbackHTTPServer.shared

    /// Every progress report of one transfer, in order.
    final class Reports: Sendable {
        private let values = Locked<[(Int, Int?)]>([])
        func add(_ received: Int, _ expected: Int?) { values.withLock { $0.append((received, expected)) } }
        var all: [(received: Int, expected: Int?)] { values.withLock { $0 } }
    }

    @Test func reportsReceivedBytesAndTheAnnouncedLength() async throws {
        let count = 3 << 20
        let reports = Reports()
        let response = try await client.get(server.url("/bytes/\(count)"), progress: reports.add)
        #expect(response.body.count == count)
        let all = reports.all
        #expect(all.count > 1, "a 3 MB body arrives in more than one piece")
        #expect(all.allSatisfy { $0.expected == count })
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.received < $1.received })
        #expect(all.last?.received == count)
    }

    @Test func unknownLengthIsNil() async throws {
        let reports = Reports()
        _ = try await client.get(server.url("/bytes-unsized/70000"), progress: reports.add)
        #expect(!reports.all.isEmpty)
        #expect(reports.all.allSatisfy { $0.expected == nil })
        #expect(reports.all.last?.received == 70000)
    }
}
