import Foundation
@testable import Net
import Testing

/// libcurl is loaded at the first request; without it (or with a library that is not libcurl)
/// every request fails with a sentence saying what to install, never a crash.
@Suite struct CurlLibraryTests {
    let server = LoopbackHTTPServer.shared

    @Test func withoutLibcurlARequestFailsSayingWhatToInstall() async throws {
        let client = HTTPClient(configuration: .init(), library: CurlLibrary(name: "libcurl-absent.so.4"))
        let target = "/bytes/10?id=\(UUID().uuidString)"
        for _ in 1...2 {
            let error = await #expect(throws: HTTPError.self) { try await client.get(server.url(target)) }
            let message = try #require(transportMessage(of: error))
            #expect(message.hasPrefix("libcurl is not installed (libcurl-absent.so.4: "), "\(message)")
            #expect(message.hasSuffix("): apt-get install libcurl4"), "\(message)")
            #expect(!RetryPolicy.isRetryable(try #require(error)))
        }
        #expect(!server.received(target))
    }

    @Test func aLibraryWithoutCurlsFunctionsIsRefusedByName() async throws {
        let client = HTTPClient(configuration: .init(), library: CurlLibrary(name: "libc.so.6"))
        let error = await #expect(throws: HTTPError.self) { try await client.get(server.url("/bytes/10")) }
        #expect(transportMessage(of: error) == "libc.so.6 has no curl_global_init (too old, or not libcurl): apt-get install libcurl4")
    }

    @Test func libcurlUnderAnotherNamePassesTheCheckAndServes() async throws {
        // The development package's link to the same library: the check the names above fail
        // passes for libcurl itself.
        let library = CurlLibrary(name: "libcurl.so")
        #expect(throws: Never.self) { try library.load() }
        let client = HTTPClient(configuration: .init(), library: library)
        let response = try await client.get(server.url("/bytes/10"))
        #expect(response.body == LoopbackHTTPServer.body(count: 10))
    }

    private func transportMessage(of error: HTTPError?) -> String? {
        guard case .transport(_, let message) = error else { return nil }
        return message
    }
}
