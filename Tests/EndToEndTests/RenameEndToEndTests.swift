import Foundation
import Imaging
import TestSupport
import Testing

/// `R` on a real folder through the real binary in tmux.
@Suite(.serialized) struct RenameEndToEndTests {
    @Test func aNameLongerThanAFileSystemHoldsIsRefusedNotCut() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), pictures = scratch.url
        defer { scratch.remove() }
        let image = RGBImage(width: 64, height: 48, filledWith: RGB(60, 90, 160))
        try Data(try JPEGCodec.encode(image)).write(to: pictures.appendingPathComponent("a.jpg"))

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) \(pictures.path) --render ascii; echo EXIT=$?", enter: true)
        #expect(try await tmux.waitFor { $0.joined().contains("1 photo") && $0.joined().contains("a.jpg") }.ok)
        try tmux.press("R")
        #expect(try await tmux.waitFor { $0.joined().contains("rename to: a.jpg") }.ok)
        let long = String(repeating: "L", count: 300) + ".jpg"
        try tmux.press("C-u")
        try tmux.type(long, enter: true)
        let refused = try await tmux.waitFor { $0.joined().contains("a name holds at most 255 bytes here, not 304") }
        #expect(refused.ok, "\(refused.screen.joined(separator: "\n"))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path) == ["a.jpg"])
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
