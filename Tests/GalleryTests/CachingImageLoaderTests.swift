import TestSupport
import Foundation
import Imaging
import Net
import Testing
@testable import Gallery

@Suite("CachingImageLoader")
struct CachingImageLoaderTests {
    static let jpeg = try! JPEGCodec.encode(RGBImage(width: 16, height: 16, filledWith: RGB(10, 20, 30)))

    /// An image server fake counting its calls, answering every URL with `body`.
    static func server(_ body: [UInt8]) -> FakeHTTP {
        FakeHTTP { url in HTTPResponse(status: 200, headers: ["content-type": "image/jpeg"], body: body, url: url) }
    }

    static func loader(over http: FakeHTTP, in directory: TemporaryDirectory) -> CachingImageLoader {
        CachingImageLoader(loader: HTTPImageLoader(client: http),
                           cache: DiskCache(directory: directory.url, capacityBytes: CachingImageLoader.defaultCapacityBytes))
    }

    @Test func aSecondLaunchServesTheFirstScreenFromDiskWithoutHTTP() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let urls = (0..<3).map { "https://images.test/\($0)?w=48&h=32" }

        let firstHTTP = Self.server(Self.jpeg)
        let first = Self.loader(over: firstHTTP, in: directory)
        for url in urls { #expect(try await first.imageData(at: .web(url)) == Self.jpeg) }
        #expect(firstHTTP.requests.count == 3)

        // A new process: new loader, new cache instance, same directory.
        let secondHTTP = Self.server(Array("wrong".utf8))
        let second = Self.loader(over: secondHTTP, in: directory)
        for url in urls { #expect(try await second.imageData(at: .web(url)) == Self.jpeg) }
        #expect(secondHTTP.requests.isEmpty)

        // Another size is another URL, so another entry.
        _ = try await second.imageData(at: .web("https://images.test/0?w=96&h=64"))
        #expect(secondHTTP.requests.count == 1)
    }

    @Test func truncatedOrNonImageBodiesAreNotKept() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let truncated = Array(Self.jpeg.dropLast(20))
        let http = Self.server(truncated)
        let loader = Self.loader(over: http, in: directory)
        #expect(try await loader.imageData(at: .web("https://images.test/t")) == truncated)
        _ = try await loader.imageData(at: .web("https://images.test/t"))
        #expect(http.requests.count == 2)
    }

    @Test func completenessFollowsTheFormatsEndMarkers() throws {
        let png = try PNGCodec.encode(RGBImage(width: 4, height: 4, filledWith: RGB(1, 2, 3)))
        #expect(CachingImageLoader.isComplete(Self.jpeg))
        #expect(CachingImageLoader.isComplete(png))
        #expect(!CachingImageLoader.isComplete(Array(png.dropLast(4))))
        #expect(!CachingImageLoader.isComplete(Array(Self.jpeg.dropLast())))
        #expect(!CachingImageLoader.isComplete(Array("<html></html>".utf8)))
    }

    @Test func failuresAreNotCached() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let http = FakeHTTP { _ in throw HTTPError.status(503, headers: [:]) }
        let loader = Self.loader(over: http, in: directory)
        for _ in 0..<2 {
            await #expect(throws: HTTPError.self) { try await loader.imageData(at: .web("https://images.test/x")) }
        }
        #expect(http.requests.count == 2)
    }
}
