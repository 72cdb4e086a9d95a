import Foundation
import Imaging
import TestSupport
import Testing

/// Ratings through the real binary in tmux: rate, quit, launch again, the rating is back, and
/// `--min-rating` lists only what was rated.
@Suite(.serialized) struct RatingEndToEndTests {
    @Test func aRatingIsWrittenToTheSidecarAndIsThereAfterARelaunch() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), pictures = scratch.url
        defer { scratch.remove() }
        for (name, color) in [("a.jpg", RGB(60, 90, 160)), ("b.jpg", RGB(160, 90, 60))] {
            try Data(try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: color)))
                .write(to: pictures.appendingPathComponent(name))
        }
        let photo = try Data(contentsOf: pictures.appendingPathComponent("a.jpg"))

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) \(pictures.path) --render ascii; echo EXIT=$?", enter: true)
        #expect(try await tmux.waitFor { $0.joined().contains("2 photos") && $0.joined().contains("a.jpg") }.ok)
        try tmux.press("4")
        let rated = try await tmux.waitFor { $0.joined().contains("★4 a.jpg") && $0.joined().contains("★★★★ on 1 photo") }
        #expect(rated.ok, "\(rated.screen.joined(separator: "\n"))")
        let sidecar = try String(contentsOf: pictures.appendingPathComponent("a.jpg.xmp"), encoding: .utf8)
        #expect(sidecar.contains("xmp:Rating=\"4\""))
        #expect(try Data(contentsOf: pictures.appendingPathComponent("a.jpg")) == photo, "the photo file is never written")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)

        try tmux.type("clear; \(gallery) \(pictures.path) --render ascii --min-rating 4; echo EXIT=$?", enter: true)
        let back = try await tmux.waitFor { $0.joined().contains("1 photo") && $0.joined().contains("★4 a.jpg") }
        #expect(back.ok, "\(back.screen.joined(separator: "\n"))")
        #expect(!back.screen.joined().contains("b.jpg"), "--min-rating 4 lists only a.jpg")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
