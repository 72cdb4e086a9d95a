import Foundation
import Imaging
import Testing

/// A file whose name holds an escape sequence, in the real binary's grid in tmux.
@Suite(.serialized) struct EscapedTitleEndToEndTests {
    @Test func aControlCharacterInANameIsShownEscapedInTheTileTitleAndNeverSent() async throws {
        let gallery = try #require(galleryExecutable())
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: pictures) }
        let image = RGBImage(width: 64, height: 48, filledWith: RGB(60, 90, 160))
        // ESC [ 2 J clears the screen where it reaches the terminal.
        try Data(try JPEGCodec.encode(image)).write(to: pictures.appendingPathComponent("a\u{1B}[2Jb.jpg"))

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.recordOutput()
        try tmux.type("\(gallery) \(pictures.path) --render ascii; echo EXIT=$?", enter: true)
        let shown = try await tmux.waitFor { $0.joined().contains("1 photo") && $0.joined().contains("a\\x1B[2Jb.jpg") }
        #expect(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        // The name's own bytes never reached the terminal.
        let sent = try tmux.recordedOutput()
        let raw = Array("a\u{1B}[2Jb".utf8)
        #expect(!sent.indices.contains { sent[$0...].starts(with: raw) }, "the name's escape was sent")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
