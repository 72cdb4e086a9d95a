import Foundation
import Testing

/// The app started over SSH sends its kitty pictures as PNG: the bytes it really wrote, recorded
/// with `pipe-pane`.
@Suite(.serialized) struct KittyOverSSHEndToEndTests {
    @Test func theGridsPicturesGoAsPNG() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.recordOutput()
        try tmux.type("SSH_CONNECTION='10.0.0.2 50022 10.0.0.1 22' \(gallery) --source demo --render kitty; echo EXIT=$?", enter: true)
        let settled = try await tmux.waitFor { $0.joined().contains(" photos ·") && !$0.joined().contains("loading…") }
        #expect(settled.ok, "\(settled.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(500))
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        let written = String(decoding: try tmux.recordedOutput(), as: UTF8.self)
        let transmissions = written.components(separatedBy: "\u{1B}_Ga=t,").dropFirst()
        #expect(transmissions.count >= 12, "a screen of thumbnails")
        #expect(transmissions.allSatisfy { $0.hasPrefix("f=100,") }, "every picture as PNG")
    }
}
