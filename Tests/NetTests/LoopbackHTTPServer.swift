import Foundation
import OperatingSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Test-only HTTP/1.1 server on 127.0.0.1 (an ephemeral port): one thread per connection, one
/// request per connection (`Connection: close`) except on `/keep-alive`.
///
/// As a proxy it serves absolute-form requests (`GET http://any.host/path`) as if they were for
/// the path, and remembers them (`receivedThroughProxy`).
///
/// Every route accepts `?delay=MS` to wait before answering, and `?group=G` to be counted:
/// `requestCount(group:)` requests arrived, at most `maxConcurrent(group:)` of them were waiting for
/// their answer at once.
///
/// Routes:
/// - `/bytes/N`: N bytes of `body(count:)` with a Content-Length; `/bytes-unsized/N` without one.
/// - `/status/CODE`: that status with `Retry-After: 7`.
/// - `/redirect?to=PATH`: 302 to PATH, with `X-Redirect: yes`.
/// - `/echo`: the request head as the body.
/// - `/slow/ID`: headers, then a byte every 20 ms for 30 s (long enough that a loaded machine still aborts first); a failed write records ID as closed by the client.
/// - `/hang`: reads the request and never answers.
/// - `/flaky/N/CODE?group=G`: the first N requests of group G get status CODE (with `Retry-After: V`
///   when the query has `retry-after=V`), later ones 200 with the body `ok`.
/// - `/keep-alive`: keeps the connection open for the next request; `X-Connection` numbers the connection.
final class LoopbackHTTPServer: Sendable {
    static let shared = LoopbackHTTPServer()

    let port: UInt16
    private let listener: Int32
    private let requestTargets = Locked<Set<String>>([])
    private let closedByClient = Locked<Set<String>>([])
    private let proxiedTargets = Locked<Set<String>>([])
    /// The number of the connection each request target arrived on.
    private let connectionOfTarget = Locked<[String: Int]>([:])
    private let groups = Locked<[String: GroupCount]>([:])
    private let connectionCount = Atomic<Int>(0)

    private struct GroupCount {
        var total = 0
        var current = 0
        var maxConcurrent = 0
    }

    private init() {
        // Close-on-exec, like the accepted sockets: a child process of a test must not keep them open.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        precondition(listener >= 0, "socket failed")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 128) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        precondition(bound, "bind/listen failed: errno \(errno)")
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread { self.acceptLoop() }.start()
    }

    func url(_ target: String) -> String { "http://127.0.0.1:\(port)\(target)" }

    /// Whether a request for `target` (path and query) arrived.
    func received(_ target: String) -> Bool { requestTargets.withLock { $0.contains(target) } }

    /// Whether a request for `target` (path and query) arrived in proxy form, with a scheme and host.
    func receivedThroughProxy(_ target: String) -> Bool { proxiedTargets.withLock { $0.contains(target) } }

    /// The number of the connection a request for `target` arrived on (as in `X-Connection`), or nil.
    func connection(of target: String) -> Int? { connectionOfTarget.withLock { $0[target] } }

    /// Whether the client closed the connection of `/slow/ID` before the body was complete.
    func slowRouteClosedByClient(id: String) -> Bool { closedByClient.withLock { $0.contains(id) } }

    /// How many requests with `?group=group` arrived.
    func requestCount(group: String) -> Int { groups.withLock { $0[group]?.total ?? 0 } }

    /// The most requests with `?group=group` that were being served at the same time.
    func maxConcurrent(group: String) -> Int { groups.withLock { $0[group]?.maxConcurrent ?? 0 } }

    /// The deterministic, non-repeating body of the byte routes.
    static func body(count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: (UInt32(truncatingIfNeeded: $0) &* 2_654_435_761) >> 24) }
    }

    // MARK: - Serving

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            // Not atomic (Glibc does not export accept4 to Swift), but shrinks the window to nothing much.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Thread { self.serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        let number = connectionCount.add(1, ordering: .relaxed).newValue
        while let head = readRequestHead(connection),
              let requested = head.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) {
            let target = Self.originForm(requested)
            if target != requested { proxiedTargets.withLock { _ = $0.insert(target) } }
            requestTargets.withLock { _ = $0.insert(target) }
            connectionOfTarget.withLock { $0[target] = number }
            let (path, query) = Self.split(target)
            let arrival = query["group"].map(enter)
            if let delay = query["delay"].flatMap(Int.init) { usleep(useconds_t(delay * 1000)) }
            // Before answering: once the answer is out, the client may already send the next request.
            if let group = query["group"] { leave(group) }
            let keepOpen = route(connection, path: path, query: query, head: head, connection: number, arrival: arrival)
            guard keepOpen else { return }
        }
    }

    /// Answers one request; true when the connection stays open for another.
    private func route(_ socket: Int32, path: String, query: [String: String], head: String,
                       connection: Int, arrival: Int?) -> Bool {
        let segments = path.split(separator: "/").map(String.init)
        switch (segments.first, segments.count) {
        case ("bytes", 2): respond(socket, body: Self.body(count: Int(segments[1]) ?? 0))
        case ("bytes-unsized", 2): respond(socket, body: Self.body(count: Int(segments[1]) ?? 0), sized: false)
        case ("status", 2):
            respond(socket, status: Int(segments[1]) ?? 500, headers: ["Retry-After": "7"], body: Array("status".utf8))
        case ("redirect", 1):
            respond(socket, status: 302, headers: ["Location": query["to"] ?? "/", "X-Redirect": "yes"], body: [])
        case ("echo", 1): respond(socket, body: Array(head.utf8))
        case ("slow", 2): trickle(socket, id: segments[1])
        case ("hang", 1): waitForClientToClose(socket)
        case ("flaky", 3):
            let failures = Int(segments[1]) ?? 0
            if let arrival, arrival <= failures {
                let headers = query["retry-after"].map { ["Retry-After": $0.removingPercentEncoding ?? $0] } ?? [:]
                respond(socket, status: Int(segments[2]) ?? 500, headers: headers, body: Array("flaky".utf8))
            } else {
                respond(socket, body: Array("ok".utf8))
            }
        case ("keep-alive", 1):
            respond(socket, headers: ["X-Connection": "\(connection)"], body: Array("alive".utf8), keepAlive: true)
            return true
        default: respond(socket, status: 404, body: [])
        }
        return false
    }

    /// Counts a request of `group` in; returns its 1-based arrival number.
    private func enter(_ group: String) -> Int {
        groups.withLock { groups in
            var count = groups[group, default: GroupCount()]
            count.total += 1
            count.current += 1
            count.maxConcurrent = max(count.maxConcurrent, count.current)
            groups[group] = count
            return count.total
        }
    }

    private func leave(_ group: String) {
        groups.withLock { $0[group]?.current -= 1 }
    }

    private func respond(_ connection: Int32, status: Int = 200, headers: [String: String] = [:],
                         body: [UInt8], sized: Bool = true, keepAlive: Bool = false) {
        var head = "HTTP/1.1 \(status) Test\r\n" + (keepAlive ? "" : "Connection: close\r\n")
        if sized { head += "Content-Length: \(body.count)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        _ = write(connection, Array((head + "\r\n").utf8)) && write(connection, body)
    }

    private func trickle(_ connection: Int32, id: String) {
        guard write(connection, Array("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".utf8)) else { return }
        for _ in 0..<1500 {
            usleep(20_000)
            guard write(connection, [0x61]) else {
                closedByClient.withLock { _ = $0.insert(id) }
                return
            }
        }
    }

    private func waitForClientToClose(_ connection: Int32) {
        var byte: UInt8 = 0
        while recv(connection, &byte, 1, 0) > 0 {}
    }

    /// Sends everything; false when the peer is gone. MSG_NOSIGNAL: a closed peer must not raise SIGPIPE.
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private func readRequestHead(_ connection: Int32) -> String? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            received += chunk[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") { return String(text[..<end.lowerBound]) }
        }
        return nil
    }

    /// `/path?query` of an absolute-form target (`http://host/path?query`); other targets unchanged.
    private static func originForm(_ target: String) -> String {
        guard !target.hasPrefix("/"), let schemeEnd = target.range(of: "://") else { return target }
        let afterAuthority = target[schemeEnd.upperBound...].drop { $0 != "/" }
        return afterAuthority.isEmpty ? "/" : String(afterAuthority)
    }

    private static func split(_ target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1)
        let pairs = parts.dropFirst().first?.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1) } ?? []
        let query = Dictionary(pairs.map { (String($0[0]), $0.count > 1 ? String($0[1]) : "") }, uniquingKeysWith: { $1 })
        return (parts.first.map(String.init) ?? "/", query)
    }
}
