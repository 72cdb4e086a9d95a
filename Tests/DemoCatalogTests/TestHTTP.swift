import Foundation
import DemoCatalog
import Imaging
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fetched response, for tests.
struct Fetched: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as a JSON array of objects.
    func jsonArray() throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    }

    func jsonObject() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
}

/// GET with Foundation's URLSession, in tests only (the app's own client is Net's).
func fetch(_ url: String) async throws -> Fetched {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(from: try #require(URL(string: url)))
    let http = try #require(response as? HTTPURLResponse)
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
        if let key = key as? String, let value = value as? String { headers[key] = value }
    }
    return Fetched(status: http.statusCode, headers: headers, body: data)
}

/// Runs `body` against a freshly started demo catalog and stops it afterwards.
func withServer<T>(_ configuration: DemoCatalogConfiguration = .init(),
                   _ body: (String) async throws -> T) async throws -> T {
    try await withServer(configuration) { _, baseURL in try await body(baseURL) }
}

/// `withServer`, with the server itself for its counters and log.
func withServer<T>(_ configuration: DemoCatalogConfiguration = .init(),
                   _ body: (DemoCatalogServer, String) async throws -> T) async throws -> T {
    let server = DemoCatalogServer(configuration: configuration)
    let baseURL = try await server.start()
    do {
        let result = try await body(server, baseURL)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The catalog with these faults and nothing else changed.
func faulty(_ faults: DemoCatalogFaults, photoCount: Int = 10_000) -> DemoCatalogConfiguration {
    DemoCatalogConfiguration(photoCount: photoCount, faults: faults)
}

/// Variance of pixel brightness: near zero for a flat fill.
func brightnessVariance(_ image: RGBImage) -> Double {
    var values: [Double] = []
    for i in stride(from: 0, to: image.pixels.count, by: 3) {
        values.append(Double(image.pixels[i]) * 0.299 + Double(image.pixels[i + 1]) * 0.587 + Double(image.pixels[i + 2]) * 0.114)
    }
    let mean = values.reduce(0, +) / Double(values.count)
    return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
}

/// Polls `condition` every few milliseconds for up to `timeout`; whether it came true.
func settles(timeout: Duration = .seconds(2), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
