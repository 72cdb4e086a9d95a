import FlyingFox
import FlyingSocks

/// The embedded demo catalog: a loopback HTTP server that speaks the subset of the Unsplash API
/// the app uses (`/photos`, `/search/photos`, `/photos/:id`, `/photos/:id/statistics`,
/// `/photos/:id/download`) over a
/// generated, deterministic catalog, and serves each photo's picture as a JPEG of any size from
/// `/images/:id` with imgix parameters (`w`, `h`, `fit`, `q`, `dpr`). Also the network fixture of
/// the app's tests, with faults to inject (`DemoCatalogFaults`) and server-side byte counts.
///
/// It never writes to stdout or stderr (FlyingFox's default logger prints to stdout on Linux, so
/// it is disabled): the terminal belongs to the UI.
public actor DemoCatalogServer {
    private let configuration: DemoCatalogConfiguration
    private var running: (server: HTTPServer, task: Task<Void, Never>, baseURL: String)?
    private var log: [String] = []
    /// Requests per "path?query", for fault decisions that depend on the attempt.
    private var attempts: [String: Int] = [:]
    private let imageBytes = ImageByteCounter()

    /// Keeps the request log from growing without bound in a long demo session.
    private static let logLimit = 10_000
    /// Forgets attempt counts past this many distinct URLs, so a long session cannot grow them forever.
    private static let attemptsLimit = 100_000

    public init(configuration: DemoCatalogConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Starts listening on 127.0.0.1 on a random free port and returns the base URL, e.g.
    /// "http://127.0.0.1:54321". Calling it again while running returns the same URL.
    public func start() async throws -> String {
        if let running { return running.baseURL }
        // FlyingFox answers 500 to a handler that runs past `timeout`: leave room for the injected delay.
        let delay = configuration.latency + configuration.jitter
        let timeout = 15 + Double(delay.components.seconds)
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: timeout, logger: .disabled)
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
            catalog: Catalog(seed: configuration.seed, count: configuration.photoCount,
                         hostileText: configuration.faults.hostileText),
            baseURL: baseURL))
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

    /// Image body bytes written to clients so far, damaged or not, over all photos. Bytes count
    /// once their write has returned, so a transfer the client gave up counts only what it got
    /// (and a client may hold its bytes a moment before they are counted).
    public nonisolated var imageBytesSent: Int { imageBytes.total }

    /// `imageBytesSent` by photo id.
    public nonisolated var imageBytesSentByPhotoID: [String: Int] { imageBytes.byPhotoID }

    /// Logs the request and returns its attempt number: how often this exact URL was asked for,
    /// this one included.
    private func record(_ request: HTTPRequest, target: String) -> Int {
        log.append("\(request.method.rawValue) \(target)")
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
        if attempts.count >= Self.attemptsLimit { attempts.removeAll() }
        attempts[target, default: 0] += 1
        return attempts[target, default: 1]
    }

    private typealias Route = (route: HTTPRoute, kind: @Sendable (HTTPRequest) -> RequestKind,
                               answer: @Sendable (HTTPRequest) throws -> HTTPResponse)

    private func addRoutes(to server: HTTPServer, responder: CatalogResponder) async {
        let catalog = responder.catalog
        let page: @Sendable (HTTPRequest) -> RequestKind = {
            .page(PageRequest(page: $0.queryDictionary["page"], perPage: nil).page)
        }
        let image: @Sendable (HTTPRequest) -> RequestKind = { request in
            guard let index = PhotoID.index(of: request.photoID ?? "", seed: catalog.seed),
                  index < catalog.count else { return .other }
            return .image(index: index)
        }
        let other: @Sendable (HTTPRequest) -> RequestKind = { _ in .other }
        let routes: [Route] = [
            ("GET /photos", page, { try responder.listPhotos(query: $0.queryDictionary) }),
            ("GET /search/photos", page, { try responder.searchPhotos(query: $0.queryDictionary) }),
            ("GET /photos/:id", other, { try responder.photo(id: $0.photoID ?? "") }),
            ("GET /photos/:id/statistics", other, { try responder.statistics(id: $0.photoID ?? "") }),
            ("GET /photos/:id/download", other, { try responder.trackDownload(id: $0.photoID ?? "") }),
            ("GET /images/:id", image, { try responder.image(id: $0.photoID ?? "", query: $0.queryDictionary) }),
            ("*", other, { _ in responder.notFound() }),
        ]
        let injector = FaultInjector(plan: FaultPlan(configuration), imageBytes: imageBytes)
        for (route, kind, answer) in routes {
            await server.appendRoute(route) { [weak self] request in
                let target = request.pathAndQuery
                let attempt = await self?.record(request, target: target) ?? 1
                return try await injector.respond(to: kind(request), target: target, attempt: attempt,
                                                  photoID: request.photoID) { try answer(request) }
            }
        }
    }
}

extension HTTPRequest {
    /// "/path?name=value&...", as logged and as fault decisions see it.
    fileprivate var pathAndQuery: String {
        let query = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return path + (query.isEmpty ? "" : "?" + query)
    }

    /// The `:id` of the route.
    fileprivate var photoID: String? { routeParameters["id"] }
}

/// Why the demo catalog could not start.
public enum DemoCatalogError: Error, Sendable {
    /// The socket listened but reported no IPv4 address.
    case noListeningAddress
}
