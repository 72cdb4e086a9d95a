import OperatingSystem
import Imaging
import TerminalVocabulary
import Net
import Testing
@testable import Gallery

@Suite("UnsplashAPISource")
struct UnsplashAPISourceTests {
    @Test func pageRequestHasPathQueryAndHeaders() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.photoList)
        let source = UnsplashAPISource(baseURL: "https://api.unsplash.com/", accessKey: "KEY", client: http)
        _ = try await source.photos(page: 3, perPage: 30)
        let request = try #require(http.requests.first)
        #expect(request.url == "https://api.unsplash.com/photos?page=3&per_page=30")
        #expect(request.headers["Accept-Version"] == "v1")
        #expect(request.headers["Authorization"] == "Client-ID KEY")
    }

    @Test func noKeyMeansNoAuthorizationHeader() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.photoList)
        let source = UnsplashAPISource(baseURL: "http://127.0.0.1:8080", accessKey: nil, client: http)
        _ = try await source.photos(page: 1, perPage: 10)
        let request = try #require(http.requests.first)
        #expect(request.url == "http://127.0.0.1:8080/photos?page=1&per_page=10")
        #expect(request.headers["Authorization"] == nil)
        #expect(request.headers["Accept-Version"] == "v1")
    }

    @Test func onlyUnsplashItselfIsCreditedAsUnsplash() {
        let photo = LibraryItem.sample("a")
        let unsplash = UnsplashAPISource(accessKey: "k", client: FakeHTTP(body: ""))
        #expect(unsplash.attribution(for: photo) == "Photo by Ann Lee on Unsplash")
        let demo = UnsplashAPISource(baseURL: "http://127.0.0.1:8080/", accessKey: nil, client: FakeHTTP(body: ""))
        #expect(demo.attribution(for: photo) == "Photo by Ann Lee")
        let lookalike = UnsplashAPISource(baseURL: "https://api.unsplash.com.example.org", accessKey: nil, client: FakeHTTP(body: ""))
        #expect(lookalike.attribution(for: photo) == "Photo by Ann Lee")
    }

    @Test func decodesAListWithNulls() async throws {
        let source = UnsplashAPISource(accessKey: "k", client: FakeHTTP(body: UnsplashFixtures.photoList))
        let photos = try await source.photos(page: 1, perPage: 30)
        #expect(photos.map(\.id) == ["LBI7cgq3pbM", "Dwu85P9SOIk"])
        let first = photos[0]
        #expect(first.createdAt == "2016-05-03T11:00:28Z")
        #expect((first.width, first.height) == (5245, 3497))
        #expect(first.color == "#60544D")
        // No description: the alt description is the title.
        #expect(first.title == "man drinking coffee in a cafe")
        #expect(first.likes == 12)
        #expect(first.author == LibraryItem.Author(name: "Gilbert Kane", username: "poorkane"))
        guard case .web(let picture)? = first.picture else { Issue.record("no picture"); return }
        #expect(picture.sizable.hasPrefix("https://images.unsplash.com/face-springmorning.jpg"))
        #expect(first.downloadLocation == "https://api.unsplash.com/photos/LBI7cgq3pbM/download?ixid=M3w1OTU2")
        let second = photos[1]
        #expect(second.color == nil)
        #expect(second.title == "")
        #expect(second.downloadLocation == nil)
    }

    @Test func photoDetailRequestEncodesTheIDAndDecodes() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.photoDetail)
        let source = UnsplashAPISource(accessKey: "k", client: http)
        let photo = try await source.photo(id: "Dwu85P9SOIk")
        #expect(photo.title == "A man drinking a coffee.")
        #expect(photo.likes == 24)
        // exif strings as Unsplash sends them; a location whose fields are all null is no place.
        #expect(photo.exif?.summary == "Canon EOS 40D · 1/90 s · f/4.97 · 37 mm · ISO 100")
        #expect(photo.location != nil && photo.location?.summary == nil)
        _ = try await source.photo(id: "a/b?c")
        #expect(http.requests.map(\.url) == ["https://api.unsplash.com/photos/Dwu85P9SOIk",
                                             "https://api.unsplash.com/photos/a%2Fb%3Fc"])
    }

    @Test func exifAndLocationSummaries() {
        #expect(PhotoExif(make: "SONY", model: "ILCE-7M3", exposureTime: "2", aperture: "8.0", iso: nil).summary
                == "SONY ILCE-7M3 · 2 s · f/8")
        #expect(PhotoExif().summary == nil)
        // Exposures no fraction of an Int can show, or no number at all, are left out (the first trapped).
        #expect(PhotoExif(exposureTime: "1e-30", iso: 100).summary == "ISO 100")
        #expect(PhotoExif(exposureTime: "5e-324").summary == nil)
        #expect(PhotoExif(exposureTime: "inf").summary == nil)
        #expect(PhotoExif(exposureTime: "0.004").summary == "1/250 s")
        #expect(PhotoLocation(city: "Oslo", country: "Norway").summary == "Oslo, Norway")
        #expect(PhotoLocation(name: "Bergen, Norway", city: "Bergen").summary == "Bergen, Norway")
    }

    @Test func malformedJSONIsAGalleryError() async {
        let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: "<html>oops</html>"))
        await #expect(throws: GalleryError.self) { try await source.photos(page: 1, perPage: 30) }
    }

    @Test func wrongShapeNamesTheField() async {
        let body = #"[{"id": "x", "width": "wide"}]"#
        let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: body))
        await #expect(throws: GalleryError.malformedResponse("expected Int at [0].width")) {
            try await source.photos(page: 1, perPage: 30)
        }
    }

    @Test func httpErrorsPassThrough() async {
        let limited = HTTPError.status(403, headers: ["x-ratelimit-remaining": "0"])
        let source = UnsplashAPISource(accessKey: "k", client: FakeHTTP { _ in throw limited })
        await #expect(throws: limited) { try await source.photos(page: 1, perPage: 30) }
    }

    @Test func imageURLAddsImgixParametersToRawURLs() {
        let source = UnsplashAPISource(accessKey: nil, client: FakeHTTP(body: ""))
        let withQuery = LibraryItem.sample("a")   // raw: https://images.test/a?ixid=abc
        #expect(source.imageLocation(for: withQuery, width: 48, height: 32, fit: .crop)
                == .web("https://images.test/a?ixid=abc&w=48&h=32&fit=crop&fm=jpg&q=75"))

        let bare = LibraryItem(id: "b", title: "", width: 1, height: 1,
                               picture: .web(WebPicture(sizable: "https://images.test/b", original: "")))
        #expect(source.imageLocation(for: bare, width: 800, height: 600, fit: .contain)
                == .web("https://images.test/b?w=800&h=600&fit=max&fm=jpg&q=75"))
        // A file is no web picture: nothing to size.
        #expect(source.imageLocation(for: LibraryItem(id: "c", title: "", width: 1, height: 1, picture: .file("/c.jpg")),
                                     width: 8, height: 8, fit: .crop) == nil)
    }
}
