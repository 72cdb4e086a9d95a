import Imaging
import TerminalEnvironment
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
        let photo = Photo.sample("a")
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
        #expect(first.description == nil)
        #expect(first.displayText == "man drinking coffee in a cafe")
        #expect(first.likes == 12)
        #expect(first.user == Photo.User(id: "pXhwzz1JtQU", name: "Gilbert Kane", username: "poorkane"))
        #expect(first.urls.thumb == "https://images.unsplash.com/face-springmorning.jpg?w=200")
        #expect(first.links.downloadLocation == "https://api.unsplash.com/photos/LBI7cgq3pbM/download?ixid=M3w1OTU2")
        let second = photos[1]
        #expect(second.color == nil)
        #expect(second.displayText == "")
        #expect(second.links.downloadLocation == nil)
    }

    @Test func photoDetailRequestEncodesTheIDAndDecodes() async throws {
        let http = FakeHTTP(body: UnsplashFixtures.photoDetail)
        let source = UnsplashAPISource(accessKey: "k", client: http)
        let photo = try await source.photo(id: "Dwu85P9SOIk")
        #expect(photo.displayText == "A man drinking a coffee.")
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
        let withQuery = Photo.sample("a")   // raw: https://images.test/a?ixid=abc
        #expect(source.imageURL(for: withQuery, width: 48, height: 32, fit: .crop)
                == "https://images.test/a?ixid=abc&w=48&h=32&fit=crop&fm=jpg&q=75")

        let bare = Photo(id: "b", width: 1, height: 1, user: .init(name: "n", username: "u"),
                         urls: .init(raw: "https://images.test/b", full: "", regular: "", small: "", thumb: ""),
                         links: .init(html: ""))
        #expect(source.imageURL(for: bare, width: 800, height: 600, fit: .contain)
                == "https://images.test/b?w=800&h=600&fit=max&fm=jpg&q=75")
    }
}
