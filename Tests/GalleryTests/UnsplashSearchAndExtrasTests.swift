import Net
import OperatingSystem
import Testing
@testable import Gallery

@Suite("UnsplashAPISource search, statistics, downloads, rate limit")
struct UnsplashSearchAndExtrasTests {
    @Test func searchRequestsTheEndpointAndDecodesResultsWithNulls() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.searchResults)
        let source = UnsplashAPISource(accessKey: "KEY", client: http)
        #expect(source.supportsSearch)
        let photos = try await source.search(query: "red fox & co", page: 2, perPage: 2)
        let request = try #require(http.requests.first)
        #expect(request.url == "https://api.unsplash.com/search/photos?query=red%20fox%20%26%20co&page=2&per_page=2")
        #expect(request.headers["Authorization"] == "Client-ID KEY")
        #expect(request.headers["Accept-Version"] == "v1")
        #expect(photos.map(\.id) == ["eOLpJytrbsQ", "Dwu85P9SOIk"])
        #expect(photos[0].title == "A man drinking a coffee.")
        #expect(photos[0].likes == 286)
        #expect(photos[1].createdAt == nil && photos[1].color == nil)
        #expect(photos[1].title == "cup of coffee on a table")
    }

    @Test func totalPagesEndsTheSearchFeed() async throws {
        let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: UnsplashFixtures.searchResults))
        // Two full pages of two: page 1 of total_pages 2 goes on, page 2 is the last.
        #expect(try await source.page(of: .search("coffee"), page: 1, perPage: 2).isLast == false)
        #expect(try await source.page(of: .search("coffee"), page: 2, perPage: 2).isLast == true)
    }

    @Test func listEndsWhereTheLinkHeaderHasNoNext() async throws {
        let next = #"<https://api.unsplash.com/photos?page=1>; rel="first", <https://api.unsplash.com/photos?page=3>; rel="next""#
        let last = #"<https://api.unsplash.com/photos?page=1>; rel="first", <https://api.unsplash.com/photos?page=1>; rel="prev""#
        for (link, isLast) in [(next, false), (last, true), (nil, false)] {
            let headers = ["content-type": "application/json"].merging(link.map { ["link": $0] } ?? [:]) { $1 }
            let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: UnsplashFixtures.photoList, headers: headers))
            let page = try await source.page(of: .all, page: 2, perPage: 2)
            #expect(page.photos.count == 2)
            #expect(page.isLast == isLast, "Link: \(link ?? "none")")
        }
    }

    @Test func theTotalComesFromXTotalAndTheSearchTotal() async throws {
        for (header, total) in [("1512", 1_512), (" 7 ", 7), ("many", nil), ("-3", nil)] as [(String, Int?)] {
            let headers = ["content-type": "application/json", "x-total": header]
            let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: UnsplashFixtures.photoList, headers: headers))
            #expect(try await source.page(of: .all, page: 1, perPage: 2).total == total, "X-Total: \(header)")
        }
        let plain = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: UnsplashFixtures.photoList))
        #expect(try await plain.page(of: .all, page: 1, perPage: 2).total == nil)
        let search = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: UnsplashFixtures.searchResults))
        let results = try await search.page(of: .search("coffee"), page: 1, perPage: 2)
        let expected = try JSONFetcher.decode(UnsplashSearchResults.self, from: Array(UnsplashFixtures.searchResults.utf8)).total
        #expect(results.total == expected)
    }

    @Test func statisticsAreDecodedIntoDetailLines() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.statistics)
        let source = UnsplashAPISource(accessKey: "k", client: http)
        let statistics = try await source.statistics(id: "Dwu85P9SOIk")
        #expect(statistics == PhotoStatistics(id: "Dwu85P9SOIk", downloads: 1345, views: 1_234_567, likes: 24))
        #expect(http.requests.map(\.url) == ["https://api.unsplash.com/photos/Dwu85P9SOIk/statistics"])
        #expect(try await source.extraDetails(for: .sample("Dwu85P9SOIk")) == ["1,345 downloads", "1,234,567 views"])
    }

    @Test func statisticsWithoutLikesDecode() throws {
        let body = #"{"id":"x","downloads":{"total":1,"historical":null},"views":{"total":0}}"#
        let statistics = try JSONFetcher.decode(PhotoStatistics.self, from: Array(body.utf8))
        #expect(statistics.likes == nil)
        #expect(statistics.lines == ["1 download", "0 views"])
    }

    @Test func trackDownloadGetsTheLocationExactlyAsGivenWithTheKey() async throws {
        let http = FakeHTTP(body: #"{"url":"https://images.unsplash.com/x"}"#)
        let source = UnsplashAPISource(accessKey: "KEY", client: http)
        try await source.trackDownload(.sample("a", location: "https://api.unsplash.com/photos/a/download?ixid=M3w%2Fabc&x=1"))
        let request = try #require(http.requests.first)
        #expect(request.url == "https://api.unsplash.com/photos/a/download?ixid=M3w%2Fabc&x=1")
        #expect(request.headers["Authorization"] == "Client-ID KEY")
        #expect(request.headers["Accept-Version"] == "v1")
    }

    @Test func trackDownloadNeverSendsTheKeyElsewhereAndSkipsPhotosWithoutALocation() async throws {
        let http = FakeHTTP(body: "{}")
        let source = UnsplashAPISource(accessKey: "KEY", client: http)
        try await source.trackDownload(.sample("a", location: "https://evil.test/photos/a/download"))
        try await source.trackDownload(.sample("b", location: .some(nil)))  // no download_location
        #expect(http.requests.count == 1)
        #expect(http.requests.first?.headers["Authorization"] == nil)
    }

    @Test func reportsRateLimitRemainingOfAnswersAndOfErrors() async throws {
        let seen = Locked<[Int]>([])
        let calls = Locked(0)
        let http = FakeHTTP { url in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 2 { throw HTTPError.status(403, headers: ["x-ratelimit-remaining": "0"]) }
            return HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": "41"],
                                body: Array(UnsplashFixtures.photoList.utf8), url: url)
        }
        let source = UnsplashAPISource(accessKey: "k", client: http, onRateLimit: { value in seen.withLock { $0.append(value) } })
        _ = try await source.photos(page: 1, perPage: 30)
        await #expect(throws: HTTPError.self) { try await source.photos(page: 2, perPage: 30) }
        #expect(seen.withLock { $0 } == [41, 0])
    }

    @Test func rejectedKeyMessageNamesTheVariable() {
        #expect(ErrorMessage.text(for: HTTPError.status(401, headers: [:])).contains("UNSPLASH_ACCESS_KEY"))
    }
}

@Suite("UnsplashAccessKey")
struct UnsplashAccessKeyTests {
    @Test func readsTheKeyFromTheEnvironment() throws {
        #expect(try UnsplashAccessKey.from(environment: ["UNSPLASH_ACCESS_KEY": " abc123\n"]) == "abc123")
    }

    @Test func missingOrBlankKeyIsOneLineNamingTheVariable() {
        for environment in [[:], ["UNSPLASH_ACCESS_KEY": "  "]] {
            #expect(throws: UnsplashAccessKey.Missing.self) { try UnsplashAccessKey.from(environment: environment) }
        }
        let message = UnsplashAccessKey.Missing().description
        #expect(message.hasPrefix("UNSPLASH_ACCESS_KEY is not set"))
        #expect(!message.contains("\n"))
    }
}
