import FlyingFox
import Foundation
import Imaging
import OperatingSystem
import FlyingSocks

/// A loopback stand-in for picsum.photos, with FlyingFox: `/v2/list` (three photos, `Link` headers,
/// the first request answered 429 with `Retry-After: 1`), `/id/{id}/info`, and `/id/{id}/{w}/{h}`
/// redirecting (302) to `/images/{id}`, a JPEG sent with `Cache-Control: no-store` like Picsum's.
final class PicsumFakeServer: Sendable {
    private let server: HTTPServer
    private let task: Task<Void, Never>
    let baseURL: String
    private let log = Locked<[String]>([])

    static let jpeg = try! JPEGCodec.encode(RGBImage(width: 32, height: 24, filledWith: RGB(200, 100, 50)))

    private init(server: HTTPServer, task: Task<Void, Never>, baseURL: String) {
        self.server = server
        self.task = task
        self.baseURL = baseURL
    }

    static func start() async throws -> PicsumFakeServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let task = Task { _ = try? await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw NoListeningPort() }
        let fake = PicsumFakeServer(server: server, task: task, baseURL: "http://127.0.0.1:\(port)")
        await fake.addRoutes()
        return fake
    }

    func stop() async {
        await server.stop()
        task.cancel()
    }

    /// Paths requested so far, in order.
    var requests: [String] { log.withLock { $0 } }

    private func addRoutes() async {
        let baseURL = self.baseURL
        await server.appendRoute("GET /v2/list") { [self] request in
            let isFirst = record(request.path)
            if isFirst {
                let headers: HTTPHeaders = [HTTPHeader("Retry-After"): "1"]
                return HTTPResponse(statusCode: .tooManyRequests, headers: headers)
            }
            let page = Int(request.query.first { $0.name == "page" }?.value ?? "1") ?? 1
            let ids = page == 1 ? ["10", "11"] : ["12"]
            let link = page == 1
                ? "<\(baseURL)/v2/list?page=2&limit=2>; rel=\"next\""
                : "<\(baseURL)/v2/list?page=1&limit=2>; rel=\"prev\""
            let body = "[" + ids.map { Self.info(id: $0, baseURL: baseURL) }.joined(separator: ",") + "]"
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", HTTPHeader("Link"): link],
                                body: Data(body.utf8))
        }
        await server.appendRoute("GET /id/:id/info") { [self] request in
            _ = record(request.path)
            let body = Self.info(id: request.routeParameters["id"] ?? "", baseURL: baseURL)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8))
        }
        await server.appendRoute("GET /id/:id/:w/:h") { [self] request in
            _ = record(request.path)
            let headers: HTTPHeaders = [.location: "/images/\(request.routeParameters["id"] ?? "")"]
            return HTTPResponse(statusCode: .found, headers: headers)
        }
        await server.appendRoute("GET /images/:id") { [self] request in
            _ = record(request.path)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg", HTTPHeader("Cache-Control"): "no-store"],
                                body: Data(Self.jpeg))
        }
    }

    /// Logs `path`; true when it is the first request for it.
    private func record(_ path: String) -> Bool {
        log.withLock { log in
            defer { log.append(path) }
            return !log.contains(path)
        }
    }

    struct NoListeningPort: Error {}

    private static func info(id: String, baseURL: String) -> String {
        #"{"id":"\#(id)","author":"Author \#(id)","width":3200,"height":2400,"#
            + #""url":"https://unsplash.com/photos/p\#(id)","download_url":"\#(baseURL)/id/\#(id)/3200/2400"}"#
    }
}
