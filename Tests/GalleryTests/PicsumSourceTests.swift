import Imaging
import TerminalVocabulary
import Net
import Testing
@testable import Gallery

@Suite("PicsumSource")
struct PicsumSourceTests {
    static func answering(_ body: String, link: String? = nil) -> FakeHTTP {
        var headers = ["content-type": "application/json"]
        headers["link"] = link
        return FakeHTTP(body: body, headers: headers)
    }

    @Test func listRequestsPageAndLimitAndMapsPhotos() async throws {
        let http = Self.answering(PicsumFixtures.list)
        let source = PicsumSource(client: http)
        let photos = try await source.photos(page: 3, perPage: 2)
        #expect(http.requests.map(\.url) == ["https://picsum.photos/v2/list?page=3&limit=2"])
        #expect(photos.map(\.id) == ["0", "1"])
        let first = photos[0]
        #expect(first.author?.name == "Alejandro Escamilla")
        #expect((first.width, first.height) == (5000, 3333))
        #expect(first.title == "Photo by Alejandro Escamilla")
        #expect(first.picture == .web(WebPicture(sizable: "https://picsum.photos/id/0/5000/3333",
                                                 original: "https://picsum.photos/id/0/5000/3333")))
        #expect(first.webPage == "https://unsplash.com/photos/yC-Yzbqy7PY")
        #expect(first.downloadLocation == nil)
        #expect(!source.supportsSearch)
    }

    @Test func limitIsCappedAtPicsumsMaximum() async throws {
        let http = Self.answering("[]")
        _ = try await PicsumSource(baseURL: "http://127.0.0.1:9/", client: http).photos(page: 1, perPage: 500)
        #expect(http.requests.map(\.url) == ["http://127.0.0.1:9/v2/list?page=1&limit=100"])
    }

    @Test func aShortPageEndsTheFeed() async throws {
        let source = PicsumSource(client: Self.answering(PicsumFixtures.list, link: PicsumFixtures.link(page: 5, limit: 3, hasNext: true)))
        #expect(try await source.page(of: .all, page: 5, perPage: 3).isLast)
    }

    @Test func aLinkHeaderWithoutNextEndsTheFeed() async throws {
        let last = PicsumSource(client: Self.answering(PicsumFixtures.list, link: PicsumFixtures.link(page: 2, limit: 2, hasNext: false)))
        #expect(try await last.page(of: .all, page: 2, perPage: 2).isLast)
        let middle = PicsumSource(client: Self.answering(PicsumFixtures.list, link: PicsumFixtures.link(page: 2, limit: 2, hasNext: true)))
        #expect(try await !middle.page(of: .all, page: 2, perPage: 2).isLast)
    }

    @Test func searchIsUnsupported() async {
        let source = PicsumSource(client: Self.answering("[]"))
        await #expect(throws: GalleryError.searchUnsupported) { try await source.page(of: .search("sea"), page: 1, perPage: 30) }
    }

    @Test func detailComesFromInfo() async throws {
        let http = Self.answering(PicsumFixtures.info)
        let photo = try await PicsumSource(client: http).photo(id: "1025")
        #expect(http.requests.map(\.url) == ["https://picsum.photos/id/1025/info"])
        #expect(photo.id == "1025" && photo.author?.name == "Matthew Wiebe" && photo.width == 4951)
    }

    /// Found by fuzzing (Fuzz/Regressions/picsum-json/): sizes made from absurd ones overflowed.
    @Test func absurdSizesStillGiveSizedURLs() async throws {
        func fittedURL(width: String, height: String) async throws -> ImageLocation? {
            let info = #"{"id":"9","author":"A","width":\#(width),"height":\#(height),"url":"u","download_url":"d"}"#
            let source = PicsumSource(client: Self.answering(info))
            return source.imageLocation(for: try await source.photo(id: "9"), width: 400, height: 400, fit: .contain)
        }
        let most = String(Int.max)
        #expect(try await fittedURL(width: most, height: most) == .web("https://picsum.photos/id/9/400/400"))
        #expect(try await fittedURL(width: "1", height: most) == .web("https://picsum.photos/id/9/1/400"))
        #expect(try await fittedURL(width: "0", height: "-7") == .web("https://picsum.photos/id/9/400/400"))
    }

    @Test func malformedInfoIsAGalleryError() async {
        let source = PicsumSource(client: Self.answering(#"{"id": 7}"#))
        await #expect(throws: GalleryError.malformedResponse("expected String at .id")) { try await source.photo(id: "7") }
    }

    @Test func imageURLsAreSizedCroppedOrFittedAndClamped() {
        let source = PicsumSource(client: Self.answering("[]"))
        let photo = LibraryItem.sample("10", width: 2500, height: 1667)
        #expect(source.imageLocation(for: photo, width: 48, height: 32, fit: .crop) == .web("https://picsum.photos/id/10/48/32"))
        // Fitted: the photo's aspect inside 400 x 400.
        #expect(source.imageLocation(for: photo, width: 400, height: 400, fit: .contain) == .web("https://picsum.photos/id/10/400/267"))
        // Never upscaled past the original, never past 5000 a side.
        #expect(source.imageLocation(for: photo, width: 9000, height: 9000, fit: .contain) == .web("https://picsum.photos/id/10/2500/1667"))
        #expect(source.imageLocation(for: photo, width: 9000, height: 0, fit: .crop) == .web("https://picsum.photos/id/10/5000/1"))
    }
}

@Suite("LinkHeader")
struct LinkHeaderTests {
    @Test func findsNextAmongOtherRelations() {
        #expect(LinkHeader.hasNext(#"<https://x.test/?page=1>; rel="prev", <https://x.test/?page=3>; rel="next""#) == true)
        #expect(LinkHeader.hasNext(#"<https://x.test/?page=3>;rel=next"#) == true)
        #expect(LinkHeader.hasNext(#"<https://x.test/?page=9>; rel="last", <https://x.test/?page=1>; rel="first""#) == false)
        #expect(LinkHeader.hasNext(#"<https://x.test/next>; rel="prev""#) == false)
        #expect(LinkHeader.hasNext("") == false)
        #expect(LinkHeader.hasNext(nil) == nil)
    }
}
