@testable import DemoCatalog
import Testing

@Suite struct ImageRequestTests {
    private func request(_ query: [String: String], photo: (Int, Int) = (6000, 4000)) -> ImageRequest {
        ImageRequest(query: query, photoWidth: photo.0, photoHeight: photo.1)
    }

    @Test func widthOrHeightAloneKeepsTheAspectRatio() {
        let wide = request(["w": "300"])
        #expect(wide.width == 300 && wide.height == 200 && wide.window == .full)
        let tall = request(["h": "300"])
        #expect(tall.width == 450 && tall.height == 300)
    }

    @Test func cropGivesExactlyTheSizeFromTheCentre() {
        let square = request(["w": "200", "h": "200", "fit": "crop"])
        #expect(square.width == 200 && square.height == 200)
        // A square from a 3:2 photo keeps its full height and the middle two thirds of its width.
        #expect(abs(square.window.x0 - 1.0 / 6) < 1e-9 && abs(square.window.x1 - 5.0 / 6) < 1e-9)
        #expect(square.window.y0 == 0 && square.window.y1 == 1)
        let banner = request(["w": "600", "h": "100", "fit": "crop"])
        #expect(banner.window.x0 == 0 && banner.window.x1 == 1)
        #expect(abs((banner.window.y1 - banner.window.y0) - 0.25) < 1e-9)
    }

    @Test func maxFitsInsideAndNeverEnlarges() {
        let fitted = request(["w": "300", "h": "300", "fit": "max"])
        #expect(fitted.width == 300 && fitted.height == 200)
        let small = request(["w": "5000", "h": "5000", "fit": "max"], photo: (800, 600))
        #expect(small.width == 800 && small.height == 600)
        let clipped = request(["w": "5000", "h": "5000", "fit": "clip"], photo: (800, 600))
        #expect(clipped.width == 4000 && clipped.height == 3000)
        let unspecified = request(["w": "300", "h": "300"])
        #expect(unspecified.width == 300 && unspecified.height == 200)
    }

    @Test func dprMultipliesAndSidesAreClamped() {
        let doubled = request(["w": "200", "dpr": "2"])
        #expect(doubled.width == 400 && doubled.height == 267)
        let huge = request(["w": "9000"])
        #expect(huge.width == 4000 && huge.height == 2667)
        let hugeCrop = request(["w": "9000", "h": "10", "fit": "crop"])
        #expect(hugeCrop.width == 4000 && hugeCrop.height == 10)
        let tiny = request(["w": "1", "h": "1", "fit": "max"], photo: (6000, 100))
        #expect(tiny.width == 1 && tiny.height == 1)
    }

    @Test func defaultsAreSensible() {
        let plain = request([:])
        #expect(plain.width == 1080 && plain.height == 720 && plain.quality == 75)
        let junk = request(["w": "abc", "h": "-5", "q": "500", "dpr": "nan"])
        #expect(junk.width == 1080 && junk.quality == 100)
        #expect(request(["q": "0"]).quality == 1)
    }
}
