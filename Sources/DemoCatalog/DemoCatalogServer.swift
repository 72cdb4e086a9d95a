import FlyingFox

/// The embedded demo catalog: a loopback HTTP server that speaks the subset of the Unsplash API
/// the app uses (`/photos`, `/photos/:id`, `/photos/:id/download`) over a generated, deterministic
/// catalog, and serves each photo's picture as a JPEG of any size from `/images/:id` with imgix
/// parameters (`w`, `h`, `fit`, `q`, `dpr`). Also the network fixture of the app's tests.
public actor DemoCatalogServer {
    private let configuration: DemoCatalogConfiguration
    private var running: (server: HTTPServer, task: Task<Void, Never>, baseURL: String)?
    private var log: [String] = []

    /// Keeps the request log from growing without bound in a long demo session.
    private static let logLimit = 10_000

    public init(configuration: DemoCatalogConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Starts listening on 127.0.0.1 on a random free port and returns the base URL, e.g.
    /// "http://127.0.0.1:54321". Calling it again while running returns the same URL.
    public func start() async throws -> String {
        if let running { return running.baseURL }
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let task = Task { _ = try? await server.run() }
        let port: UInt16
        do {
            try await server.waitUntilListening()
            guard case .ip4(_, let listeningPort)? = await server.listeningAddress else {
                throw DemoCatalogError.noListeningAddress
            }
            port = listeningPort
        } catch {
            task.cancel()
            await server.stop()
            throw error
        }
        let baseURL = "http://127.0.0.1:\(port)"
        // Routes need the base URL for absolute links, which exists only once the port is known;
        // nobody can send a request before start() has returned it.
        await addRoutes(to: server, responder: CatalogResponder(
            catalog: Catalog(seed: configuration.seed, count: configuration.photoCount), baseURL: baseURL))
        running = (server, task, baseURL)
        return baseURL
    }

    /// Stops listening and closes open connections. The server can be started again afterwards.
    public func stop() async {
        guard let running else { return }
        self.running = nil
        await running.server.stop()
        running.task.cancel()
    }

    /// Requests served so far, oldest first, as "METHOD /path?query" (the last 10,000), so tests
    /// of a client can check what it asked for and how often.
    public var requestLog: [String] { log }

    private func record(_ request: HTTPRequest) {
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        log.append("\(request.method.rawValue) \(request.path)\(query.isEmpty ? "" : "?" + query)")
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    private func addRoutes(to server: HTTPServer, responder: CatalogResponder) async {
        let routes: [(HTTPRoute, @Sendable (HTTPRequest) throws -> HTTPResponse)] = [
            ("GET /photos", { try responder.listPhotos(query: $0.queryDictionary) }),
            ("GET /photos/:id", { try responder.photo(id: $0.routeParameters["id"] ?? "") }),
            ("GET /photos/:id/download", { try responder.trackDownload(id: $0.routeParameters["id"] ?? "") }),
            ("GET /images/:id", { try responder.image(id: $0.routeParameters["id"] ?? "", query: $0.queryDictionary) }),
            ("*", { _ in responder.notFound() }),
        ]
        let latency = configuration.latency
        for (route, answer) in routes {
            await server.appendRoute(route) { [weak self] request in
                await self?.record(request)
                if latency > .zero { try await Task.sleep(for: latency) }
                return try answer(request)
            }
        }
    }
}

/// Why the demo catalog could not start.
public enum DemoCatalogError: Error, Sendable {
    /// The socket listened but reported no IPv4 address.
    case noListeningAddress
}
