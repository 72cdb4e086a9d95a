import DemoCatalog
import Foundation
import Imaging
import Testing

/// Each fault as a client sees it over HTTP.
@Suite struct FaultInjectionServerTests {
    private func firstPhoto(_ base: String) async throws -> [String: Any] {
        try #require(try await fetch(base + "/photos?per_page=3").jsonArray().first)
    }

    private func raw(_ photo: [String: Any]) throws -> String {
        try #require((photo["urls"] as? [String: String])?["raw"])
    }

    private static let thumbnailQuery = "?w=96&h=64&fit=crop&q=75"

    @Test func aFailedPageSucceedsWhenTheSameURLIsAskedAgain() async throws {
        try await withServer(faulty(DemoCatalogFaults(pageErrorRate: 1))) { base in
            var ids: [String] = []
            for page in 1...3 {
                let url = base + "/photos?page=\(page)"
                let failed = try await fetch(url)
                #expect([500, 503].contains(failed.status), "page \(page): \(failed.status)")
                #expect(try failed.jsonObject()["errors"] is [String])
                let retried = try await fetch(url)
                #expect(retried.status == 200)
                ids += try retried.jsonArray().compactMap { $0["id"] as? String }
            }
            #expect(ids.count == 30 && Set(ids).count == 30)
            // Single photos are not pages.
            #expect(try await fetch(base + "/photos/\(ids[0])").status == 200)
        }
    }

    @Test func rateLimitedRequestsCarryRetryAfterAndUnsplashHeaders() async throws {
        try await withServer(faulty(DemoCatalogFaults(rateLimit: .firstRequestPerPage, retryAfterSeconds: 2))) { base in
            let limited = try await fetch(base + "/search/photos?query=sea")
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "2")
            #expect(limited.header("X-Ratelimit-Remaining") == "0")
            #expect(try await fetch(base + "/search/photos?query=sea").status == 200)
        }
    }

    /// Served as JPEGs: the corrupt one does not decode, the truncated one decodes marked
    /// `isTruncated` (which the app's pipeline refuses from the network, so it is fetched again).
    @Test func truncatedAndCorruptJPEGsAreServedAsDamagedImages() async throws {
        let (path, intact) = try await withServer { base in
            let path = try raw(try await firstPhoto(base)).replacingOccurrences(of: base, with: "") + Self.thumbnailQuery
            return (path, [UInt8](try await fetch(base + path).body))
        }
        #expect(try JPEGCodec.decode(intact).width == 96)
        for (faults, name) in [(DemoCatalogFaults(truncatedImageRate: 1), "truncated"),
                               (DemoCatalogFaults(corruptImageRate: 1), "corrupt")] {
            let damaged = try await withServer(faulty(faults)) { base in try await fetch(base + path) }
            #expect(damaged.status == 200, "\(name)")
            #expect(damaged.header("Content-Type") == "image/jpeg")
            let bytes = [UInt8](damaged.body)
            #expect(bytes.prefix(3) == [0xFF, 0xD8, 0xFF], "\(name)")
            if name == "truncated" {
                #expect(bytes == Array(intact.prefix(intact.count / 2)))
                #expect(try JPEGCodec.decode(bytes).isTruncated)
            } else {
                #expect(throws: ImageError.self, "\(name)") { try JPEGCodec.decode(bytes) }
            }
        }
    }

    @Test func malformedPagesAreCutInHalfAndOthersAreWhole() async throws {
        try await withServer(faulty(DemoCatalogFaults(malformedPages: [2]))) { base in
            #expect(try await fetch(base + "/photos?page=1").jsonArray().count == 10)
            for path in ["/photos?page=2", "/search/photos?query=sea&page=2"] {
                let broken = try await fetch(base + path)
                #expect(broken.status == 200)
                #expect(broken.header("Content-Type")?.hasPrefix("application/json") == true)
                #expect(throws: (any Error).self, "\(path)") { try JSONSerialization.jsonObject(with: broken.body) }
            }
        }
    }

    @Test func hostileTextReachesClientsUnchangedInListsAndDetails() async throws {
        try await withServer(faulty(DemoCatalogFaults(hostileText: true))) { base in
            let photos = try await fetch(base + "/photos").jsonArray()
            let hostile = try #require(photos[1]["description"] as? String)
            for scalar: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{200B}"] {
                #expect(hostile.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))")
            }
            #expect(hostile.contains("\u{1B}]52;c;") && hostile.contains("\u{1B}[2J") && hostile.contains("\u{1B}]8;;"))
            #expect(try #require(photos[1]["alt_description"] as? String).contains("\u{1B}["))
            let id = try #require(photos[1]["id"] as? String)
            #expect(try await fetch(base + "/photos/\(id)").jsonObject()["description"] as? String == hostile)
            // Only that photo.
            for photo in [photos[0]] + photos[2...] {
                let text = (photo["description"] as? String ?? "") + (photo["alt_description"] as? String ?? "")
                #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
            }
        }
    }

    @Test func slowDripTricklesTheSameBytesOverTheGivenTime() async throws {
        let drip = Duration.milliseconds(480)
        let (path, intact) = try await withServer { base in
            let path = try raw(try await firstPhoto(base)).replacingOccurrences(of: base, with: "") + Self.thumbnailQuery
            return (path, try await fetch(base + path).body)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let dripped = try await withServer(faulty(DemoCatalogFaults(slowDrip: drip))) { base in
            try await fetch(base + path).body
        }
        #expect(clock.now - start >= drip)
        #expect(dripped == intact)
    }

    @Test func imageBytesAreCountedInAllAndByPhoto() async throws {
        try await withServer { server, base in
            let photos = try await fetch(base + "/photos?per_page=3").jsonArray()
            var sizes: [String: Int] = [:]
            for photo in photos {
                let id = try #require(photo["id"] as? String)
                sizes[id] = try await fetch(try raw(photo) + Self.thumbnailQuery).body.count
            }
            _ = try await fetch(try raw(photos[0]) + "?w=40")
            let again = try await fetch(try raw(photos[0]) + "?w=40").body.count
            let firstID = try #require(photos[0]["id"] as? String)
            sizes[firstID, default: 0] += 2 * again
            // Bytes count just after their write returns, which can be a moment after the client has them.
            #expect(await settles { server.imageBytesSentByPhotoID == sizes })
            #expect(server.imageBytesSent == sizes.values.reduce(0, +))
        }
    }

    @Test func attemptsAreCountedPerURLSoJitterAndErrorsVaryButRepeat() async throws {
        let faults = DemoCatalogFaults(pageErrorRate: 0.5, faultyAttempts: 10)
        func statuses() async throws -> [Int] {
            try await withServer(faulty(faults)) { base in
                var statuses: [Int] = []
                for _ in 0..<6 { statuses.append(try await fetch(base + "/photos?page=4").status) }
                return statuses
            }
        }
        let first = try await statuses()
        #expect(Set(first).count > 1, "\(first)")
        #expect(try await statuses() == first)
    }
}
