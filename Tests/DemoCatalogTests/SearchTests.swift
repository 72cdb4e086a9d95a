@testable import DemoCatalog
import Foundation
import Testing

@Suite struct SearchTests {
    /// Every photo whose texts contain, for each query word, a word starting with it: the scan
    /// that the index must agree with.
    private func scan(_ catalog: Catalog, _ query: String) -> [Int] {
        let queryWords = SearchIndex.words(of: query)
        guard !queryWords.isEmpty else { return [] }
        return (0..<catalog.count).filter { index in
            let photo = catalog.photo(at: index)!
            let words = SearchIndex.words(of: (photo.description ?? "") + " " + photo.altDescription)
            return queryWords.allSatisfy { query in words.contains { $0.hasPrefix(query) } }
        }
    }

    @Test func indexAgreesWithAScanOfTheCatalog() {
        let catalog = Catalog(seed: 42, count: 1_500)
        let index = SearchIndex(catalog: catalog)
        for query in ["sea", "forest", "city", "fractal", "Misty HILLS", "fore", "sunset over", "zebra", "  ", "a"] {
            #expect(index.matches(query) == scan(catalog, query), "\(query)")
        }
        #expect(index.matches("sea").count > 50)
        #expect(index.matches("SEA") == index.matches("sea"))
        #expect(index.matches("misty hills").count < index.matches("hills").count)
    }

    private func results(_ response: Fetched) throws -> [[String: Any]] {
        try #require(try response.jsonObject()["results"] as? [[String: Any]])
    }

    private func text(_ photo: [String: Any]) -> String {
        ((photo["description"] as? String ?? "") + " " + (photo["alt_description"] as? String ?? "")).lowercased()
    }

    @Test func commonWordsFindManyPhotosInUnsplashShape() async throws {
        try await withServer { base in
            for word in ["sea", "forest", "city", "fractal"] {
                let response = try await fetch(base + "/search/photos?query=\(word)&per_page=30")
                #expect(response.status == 200)
                let body = try response.jsonObject()
                let total = try #require(body["total"] as? Int)
                #expect(total >= 100, "\(word): \(total)")
                #expect(body["total_pages"] as? Int == (total + 29) / 30)
                let photos = try results(response)
                #expect(photos.count == 30)
                for photo in photos {
                    #expect(SearchIndex.words(of: text(photo)).contains { $0.hasPrefix(word) }, "\(text(photo))")
                    #expect((photo["urls"] as? [String: String])?["raw"]?.hasPrefix(base + "/images/") == true)
                }
                #expect(response.header("X-Total") == String(total))
            }
        }
    }

    @Test func pagesOfResultsFollowTheFeedOrderWithoutOverlap() async throws {
        try await withServer { base in
            let first = try results(try await fetch(base + "/search/photos?query=City%20lights&page=1&per_page=10"))
            let secondResponse = try await fetch(base + "/search/photos?query=City%20lights&page=2&per_page=10")
            let second = try results(secondResponse)
            #expect(first.count == 10 && !second.isEmpty)
            let ids = (first + second).compactMap { $0["id"] as? String }
            #expect(Set(ids).count == ids.count)
            let dates = (first + second).compactMap { $0["created_at"] as? String }
            #expect(dates == dates.sorted(by: >))
            for photo in first + second { #expect(text(photo).contains("city") && text(photo).contains("light")) }
            let link = try #require(secondResponse.header("Link"))
            #expect(link.contains("/search/photos?query=City%20lights&page=3&per_page=10>; rel=\"next\""))
        }
    }

    @Test func noMatchIsAnEmptyPageAndNoQueryIsABadRequest() async throws {
        try await withServer { base in
            let none = try await fetch(base + "/search/photos?query=zebra")
            #expect(none.status == 200)
            #expect(try none.jsonObject()["total"] as? Int == 0)
            #expect(try none.jsonObject()["total_pages"] as? Int == 0)
            #expect(try results(none).isEmpty)
            for path in ["/search/photos", "/search/photos?query="] {
                let missing = try await fetch(base + path)
                #expect(missing.status == 400, "\(path)")
                #expect(try missing.jsonObject()["errors"] is [String])
            }
        }
    }
}
