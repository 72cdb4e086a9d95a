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
        let bytes = try await HTTPImageLoader(client: http).imageData(from: "https://img.test/a")
        #expect(bytes == Array("JPEGDATA".utf8))
        #expect(http.requests.first?.maxBodyBytes == 32 << 20)
        #expect(http.requests.first?.url == "https://img.test/a")
    }

    @Test func rejectsANonImageBody() async {
        let http = FakeHTTP(body: "<html>", headers: ["content-type": "text/html; charset=utf-8"])
        await #expect(throws: GalleryError.notAnImage(contentType: "text/html; charset=utf-8")) {
            try await HTTPImageLoader(client: http).imageData(from: "https://img.test/a")
        }
    }

    @Test func acceptsAMissingContentType() async throws {
        let http = FakeHTTP(body: "PNG", headers: [:])
        #expect(try await HTTPImageLoader(client: http).imageData(from: "u") == Array("PNG".utf8))
    }
}

@Suite("Photo")
struct PhotoTests {
    @Test func displayTextPrefersATrimmedDescription() {
        #expect(Photo.sample("a", description: "\n Fox ", altDescription: "alt").displayText == "Fox")
        #expect(Photo.sample("a", description: "   ", altDescription: " alt ").displayText == "alt")
        #expect(Photo.sample("a", description: nil, altDescription: nil).displayText == "")
    }

    @Test func encodesWithUnsplashFieldNames() throws {
        let photo = Photo.sample("a", altDescription: "alt")
        let json = String(decoding: try JSONEncoder().encode(photo), as: UTF8.self)
        #expect(json.contains("\"alt_description\":\"alt\""))
        #expect(json.contains("\"download_location\""))
        #expect(json.contains("\"created_at\""))
        #expect(try JSONDecoder().decode(Photo.self, from: Data(json.utf8)) == photo)
    }
}
