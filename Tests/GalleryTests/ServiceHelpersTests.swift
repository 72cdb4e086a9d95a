import Foundation
import Imaging
import Net
import Testing
@testable import Gallery

@Suite("URLQuery")
struct URLQueryTests {
    @Test func encodesAllButUnreservedCharacters() {
        #expect(URLQuery.encode("a-Z_0.~") == "a-Z_0.~")
        #expect(URLQuery.encode("a b/é&\u{1}") == "a%20b%2F%C3%A9%26%01")
    }

    @Test func settingReplacesSameNamesAndKeepsTheRest() {
        #expect(URLQuery.setting([("w", "10")], on: "https://x.test/p") == "https://x.test/p?w=10")
        #expect(URLQuery.setting([("w", "10")], on: "https://x.test/p?") == "https://x.test/p?w=10")
        #expect(URLQuery.setting([("w", "10"), ("fit", "max")], on: "https://x.test/p?ixid=a%2Fb&w=1080&fm")
                == "https://x.test/p?ixid=a%2Fb&fm&w=10&fit=max")
        #expect(URLQuery.setting([("q", "1")], on: "https://x.test/p?a=1#top") == "https://x.test/p?a=1&q=1#top")
    }
}

@Suite("ErrorMessage")
struct ErrorMessageTests {
    @Test func explainsCommonFailures() {
        #expect(ErrorMessage.text(for: HTTPError.status(401, headers: [:]))
                == "Access denied (HTTP 401): check UNSPLASH_ACCESS_KEY")
        #expect(ErrorMessage.text(for: HTTPError.status(403, headers: ["x-ratelimit-remaining": "0"]))
                == "Rate limit reached (HTTP 403): try again later")
        #expect(ErrorMessage.text(for: HTTPError.status(403, headers: [:])) == "Network error: HTTP 403")
        #expect(ErrorMessage.text(for: GalleryError.malformedResponse("expected Int at .width"))
                == "Unexpected response from the server (expected Int at .width)")
        #expect(ErrorMessage.text(for: ImageError.unsupportedFormat) == "Unsupported image format")
    }
}

@Suite("HTTPImageLoader")
struct HTTPImageLoaderTests {
    @Test func returnsTheBodyOfAnImageWithABoundedSize() async throws {
        let http = FakeHTTP(body: "JPEGDATA", headers: ["content-type": "image/jpeg"])
        let bytes = try await HTTPImageLoader(client: http).imageData(at: .web("https://img.test/a"))
        #expect(bytes == Array("JPEGDATA".utf8))
        #expect(http.requests.first?.maxBodyBytes == 32 << 20)
        #expect(http.requests.first?.url == "https://img.test/a")
    }

    @Test func rejectsANonImageBody() async {
        let http = FakeHTTP(body: "<html>", headers: ["content-type": "text/html; charset=utf-8"])
        await #expect(throws: GalleryError.notAnImage(contentType: "text/html; charset=utf-8")) {
            try await HTTPImageLoader(client: http).imageData(at: .web("https://img.test/a"))
        }
    }

    @Test func acceptsAMissingContentType() async throws {
        let http = FakeHTTP(body: "PNG", headers: [:])
        #expect(try await HTTPImageLoader(client: http).imageData(at: .web("u")) == Array("PNG".utf8))
    }
}

@Suite("Photo")
struct PhotoTests {
    @Test func displayTextPrefersATrimmedDescription() {
        #expect(LibraryItem.sample("a", description: "\n Fox ", altDescription: "alt").title == "Fox")
        #expect(LibraryItem.sample("a", description: "   ", altDescription: " alt ").title == "alt")
        #expect(LibraryItem.sample("a", description: nil, altDescription: nil).title == "")
    }

    @Test func readsUnsplashFieldNamesAtTheEdge() throws {
        let json = ##"{"id":"a","created_at":"2024-01-02T03:04:05Z","width":4,"height":3,"color":"#a0b0c0","description":null,"##
            + ##""alt_description":"alt","likes":7,"user":{"name":"Ann Lee","username":"annlee"},"##
            + ##""urls":{"raw":"https://images.test/a?ixid=abc","full":"https://images.test/a?q=85","regular":"r","small":"s","thumb":"t"},"##
            + ##""links":{"html":"https://unsplash.test/photos/a","download_location":"https://api.test/photos/a/download"}}"##
        let item = try JSONDecoder().decode(UnsplashPhoto.self, from: Data(json.utf8)).item
        #expect(item == LibraryItem(id: "a", title: "alt", width: 4, height: 3, createdAt: "2024-01-02T03:04:05Z",
                                    color: "#a0b0c0", likes: 7, author: .init(name: "Ann Lee", username: "annlee"),
                                    picture: .web(WebPicture(sizable: "https://images.test/a?ixid=abc",
                                                             original: "https://images.test/a?q=85")),
                                    webPage: "https://unsplash.test/photos/a",
                                    downloadLocation: "https://api.test/photos/a/download"))
    }
}
