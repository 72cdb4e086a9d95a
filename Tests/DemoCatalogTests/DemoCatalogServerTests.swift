import DemoCatalog
import Foundation
import Imaging
import Testing

@Suite struct DemoCatalogServerTests {
    private func ids(_ response: Fetched) throws -> [String] {
        try response.jsonArray().map { try #require($0["id"] as? String) }
    }

    /// The body with this server's base URL blanked, so two servers' answers can be compared.
    private func portless(_ response: Fetched, base: String) -> String {
        String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: base, with: "BASE")
    }

    @Test func pagesDifferAndAreTheSameOnEveryServerWithTheSameSeed() async throws {
        let (first, second) = try await withServer { base in
            (try await fetch(base + "/photos?page=1"), try await fetch(base + "/photos?page=2"))
        }
        #expect(first.status == 200 && second.status == 200)
        #expect(try ids(first).count == 10)
        #expect(Set(try ids(first)).isDisjoint(with: try ids(second)))

        let firstBase = try await withServer { base in (base, try await fetch(base + "/photos?page=1")) }
        let secondBase = try await withServer { base in (base, try await fetch(base + "/photos?page=1")) }
        #expect(firstBase.0 != secondBase.0)
        #expect(portless(firstBase.1, base: firstBase.0) == portless(secondBase.1, base: secondBase.0))
        #expect(try ids(firstBase.1) == ids(first))

        let otherSeed = try await withServer(.init(seed: 7)) { base in try await fetch(base + "/photos?page=1") }
        #expect(try ids(otherSeed) != ids(first))
    }

    @Test func perPageIsRespectedAndClampedLikeUnsplash() async throws {
        try await withServer { base in
            for (asked, expected) in [("5", 5), ("30", 30), ("100", 30), ("0", 1), ("-3", 1), ("junk", 10)] {
                let response = try await fetch(base + "/photos?per_page=\(asked)")
                #expect(try ids(response).count == expected, "per_page=\(asked)")
                #expect(response.header("X-Per-Page") == String(expected))
            }
        }
    }

    @Test func listHeadersCarryTotalAndLinks() async throws {
        let response = try await withServer { base in try await fetch(base + "/photos?page=2&per_page=30") }
        #expect(response.header("X-Total") == "10000")
        let link = try #require(response.header("Link"))
        #expect(link.contains("/photos?page=3&per_page=30>; rel=\"next\""))
        #expect(link.contains("/photos?page=1&per_page=30>; rel=\"prev\""))
        #expect(link.contains("/photos?page=1&per_page=30>; rel=\"first\""))
        #expect(link.contains("/photos?page=334&per_page=30>; rel=\"last\""))
    }

    @Test func lastPageIsShortAndPastItIsEmpty() async throws {
        try await withServer(.init(photoCount: 25)) { base in
            let last = try await fetch(base + "/photos?page=3&per_page=10")
            #expect(try ids(last).count == 5)
            let link = try #require(last.header("Link"))
            #expect(!link.contains("rel=\"next\"") && link.contains("rel=\"prev\""))
            let past = try await fetch(base + "/photos?page=4&per_page=10")
            #expect(past.status == 200)
            #expect(try past.jsonArray().isEmpty)
            #expect(past.header("X-Total") == "25")
        }
    }

    @Test func photoObjectsHaveUnsplashShape() async throws {
        try await withServer { base in
            let photos = try await fetch(base + "/photos?per_page=30").jsonArray()
            for photo in photos {
                let id = try #require(photo["id"] as? String)
                #expect(id.count == 11)
                #expect((photo["color"] as? String)?.wholeMatch(of: /#[0-9A-F]{6}/) != nil)
                #expect((photo["created_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
                #expect(try #require(photo["width"] as? Int) >= 1000)
                #expect(try #require(photo["height"] as? Int) >= 1000)
                #expect(!(try #require(photo["alt_description"] as? String)).isEmpty)
                #expect(photo.keys.contains("description"))
                let user = try #require(photo["user"] as? [String: Any])
                #expect(user["id"] is String && user["name"] is String && user["username"] is String)
                let urls = try #require(photo["urls"] as? [String: String])
                #expect(urls["raw"] == "\(base)/images/\(id)")
                #expect(urls["thumb"] == "\(base)/images/\(id)?w=200&fm=jpg&q=80")
                #expect(urls["regular"] == "\(base)/images/\(id)?w=1080&fm=jpg&q=80")
                let links = try #require(photo["links"] as? [String: String])
                #expect(links["download_location"]?.hasPrefix("\(base)/photos/\(id)/download") == true)
                #expect(photo["downloads"] == nil)
            }
            // Some photos lack a description, so clients exercise the alt_description fallback.
            #expect(photos.contains { $0["description"] is NSNull })
            #expect(photos.contains { $0["description"] is String })
            #expect(Set(photos.compactMap { $0["color"] as? String }).count > 10)
        }
    }

    @Test func singlePhotoMatchesItsListEntry() async throws {
        try await withServer { base in
            let entry = try #require(try await fetch(base + "/photos?page=7").jsonArray().last)
            let id = try #require(entry["id"] as? String)
            let response = try await fetch(base + "/photos/\(id)")
            #expect(response.status == 200)
            let photo = try response.jsonObject()
            for key in ["id", "created_at", "width", "height", "color", "description", "alt_description", "likes"] {
                #expect("\(photo[key] ?? "missing")" == "\(entry[key] ?? "missing")", "\(key)")
            }
            #expect(photo["urls"] as? [String: String] == entry["urls"] as? [String: String])
            #expect((photo["user"] as? [String: Any])?["username"] as? String
                    == (entry["user"] as? [String: Any])?["username"] as? String)
            #expect(photo["downloads"] is Int && photo["views"] is Int)
        }
    }

    /// Unsplash's statistics shape: each count's total (the photo's own) and its last 30 days,
    /// which add up to the change and never past the total; the same answer every time.
    @Test func statisticsHaveUnsplashShapeAndAreDeterministic() async throws {
        try await withServer { base in
            for page in [1, 300] {
                let id = try #require(try await fetch(base + "/photos?page=\(page)").jsonArray().first?["id"] as? String)
                let photo = try await fetch(base + "/photos/\(id)").jsonObject()
                let response = try await fetch(base + "/photos/\(id)/statistics")
                #expect(response.status == 200)
                let statistics = try response.jsonObject()
                #expect(statistics["id"] as? String == id)
                for (key, total) in [("downloads", photo["downloads"]), ("views", photo["views"]), ("likes", photo["likes"])] {
                    let counter = try #require(statistics[key] as? [String: Any], "\(key)")
                    #expect(counter["total"] as? Int == total as? Int, "\(key)")
                    let historical = try #require(counter["historical"] as? [String: Any])
                    let values = try #require(historical["values"] as? [[String: Any]])
                    #expect(values.count == 30 && historical["quantity"] as? Int == 30)
                    #expect(historical["resolution"] as? String == "days")
                    let sum = values.compactMap { $0["value"] as? Int }.reduce(0, +)
                    #expect(sum == historical["change"] as? Int && sum <= (counter["total"] as? Int ?? 0), "\(key)")
                    #expect(values.first?["date"] as? String == "2024-05-03" && values.last?["date"] as? String == "2024-06-01")
                }
                // The newest photo was taken on the catalog's last day or the one before: nothing
                // counts on the days before it.
                let views = try #require((statistics["views"] as? [String: Any])?["historical"] as? [String: Any])
                let days = try #require(views["values"] as? [[String: Any]]).compactMap { $0["value"] as? Int }
                if page == 1 { #expect(days.dropLast(2).allSatisfy { $0 == 0 } && days.suffix(2).contains { $0 > 0 }, "\(days)") }
                #expect(try await fetch(base + "/photos/\(id)/statistics").body == response.body)
            }
            #expect(try await fetch(base + "/photos/doesNotExist/statistics").status == 404)
        }
    }

    @Test func unknownPhotosAndPathsAre404() async throws {
        try await withServer(.init(photoCount: 100)) { base in
            let firstID = try #require(try await fetch(base + "/photos?page=1").jsonArray().first?["id"] as? String)
            for path in ["/photos/doesNotExist", "/photos/00000000000", "/images/doesNotExist?w=10",
                         "/photos/\(firstID)/nonsense", "/users/someone", "/"] {
                let response = try await fetch(base + path)
                #expect(response.status == 404, "\(path)")
                #expect(try response.jsonObject()["errors"] is [String], "\(path)")
            }
            // An id of this catalog's format but beyond its 100 photos.
            let other = try await withServer { base in try await fetch(base + "/photos?page=50").jsonArray() }
            let outside = try #require(other.first?["id"] as? String)
            #expect(try await fetch(base + "/photos/\(outside)").status == 404)
        }
    }

    @Test func downloadTrackingAnswersWithTheFileURLAndIsLogged() async throws {
        let server = DemoCatalogServer()
        let base = try await server.start()
        let photo = try #require(try await fetch(base + "/photos?per_page=1").jsonArray().first)
        let links = try #require(photo["links"] as? [String: String])
        let tracking = try await fetch(try #require(links["download_location"]))
        #expect(tracking.status == 200)
        #expect(try tracking.jsonObject()["url"] as? String == (photo["urls"] as? [String: String])?["full"])
        let log = await server.requestLog
        #expect(log.count == 2)
        #expect(log.first == "GET /photos?per_page=1")
        #expect(log.last?.hasPrefix("GET /photos/\(photo["id"] as? String ?? "")/download") == true)
        await server.stop()
    }

    @Test func croppedImagesHaveExactlyTheRequestedSize() async throws {
        try await withServer { base in
            let photos = try await fetch(base + "/photos?per_page=6").jsonArray()
            for photo in photos {
                let raw = try #require((photo["urls"] as? [String: String])?["raw"])
                let response = try await fetch(raw + "?w=120&h=90&fit=crop")
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "image/jpeg")
                #expect(response.header("Cache-Control")?.contains("max-age=") == true)
                let image = try JPEGCodec.decode([UInt8](response.body))
                #expect(image.width == 120 && image.height == 90)
                // Pictures, not flat fills.
                #expect(brightnessVariance(image) > 40, "\(photo["id"] ?? "")")
            }
        }
    }

    @Test func fitMaxKeepsTheAspectRatioAndDprMultiplies() async throws {
        try await withServer { base in
            let photo = try #require(try await fetch(base + "/photos?per_page=1").jsonArray().first)
            let raw = try #require((photo["urls"] as? [String: String])?["raw"])
            let aspect = Double(try #require(photo["width"] as? Int)) / Double(try #require(photo["height"] as? Int))
            let fitted = try JPEGCodec.decode([UInt8](try await fetch(raw + "?w=200&h=200&fit=max").body))
            #expect(max(fitted.width, fitted.height) == 200)
            #expect(abs(Double(fitted.width) / Double(fitted.height) - aspect) < 0.02)
            let doubled = try JPEGCodec.decode([UInt8](try await fetch(raw + "?w=100&h=100&fit=max&dpr=2").body))
            #expect(doubled.width == fitted.width && doubled.height == fitted.height)
            let thumb = try JPEGCodec.decode([UInt8](try await fetch(raw + "?w=200&fm=jpg&q=80").body))
            #expect(thumb.width == 200)
        }
    }

    @Test func imagesAreTheSameBytesEveryTime() async throws {
        let path = "/images/\(try await withServer { base in try #require(try await fetch(base + "/photos").jsonArray()[3]["id"] as? String) })?w=160&h=120&fit=crop&q=70"
        let (first, second) = try await withServer { base in
            (try await fetch(base + path).body, try await fetch(base + path).body)
        }
        let third = try await withServer { base in try await fetch(base + path).body }
        #expect(!first.isEmpty)
        #expect(first == second && second == third)
    }

    @Test func twoServersRunSideBySideOnDifferentPorts() async throws {
        let a = DemoCatalogServer(), b = DemoCatalogServer()
        let baseA = try await a.start(), baseB = try await b.start()
        #expect(baseA != baseB)
        #expect(try await a.start() == baseA)
        #expect(try await fetch(baseA + "/photos").status == 200)
        #expect(try await fetch(baseB + "/photos").status == 200)
        await a.stop()
        #expect(try await fetch(baseB + "/photos").status == 200)
        await b.stop()
        // Stopped servers can start again.
        let again = try await a.start()
        #expect(try await fetch(again + "/photos").status == 200)
        await a.stop()
    }

    @Test func latencyDelaysEveryResponse() async throws {
        try await withServer(.init(latency: .milliseconds(300))) { base in
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await fetch(base + "/photos?per_page=1")
            #expect(clock.now - start >= .milliseconds(300))
        }
    }
}
