import Foundation
import TestSupport
import Testing

/// The app started over SSH sends its kitty pictures as PNG: the bytes it really wrote, recorded
/// with `pipe-pane`.
@Suite(.serialized) struct KittyOverSSHEndToEndTests {
    @Test func theGridsPicturesGoAsPNG() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), home = scratch.path
        defer { scratch.remove() }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.command(["pipe-pane", "-O", "-t", tmux.name, "cat > '\(home)/pane.bin'"])
        try tmux.type("XDG_CACHE_HOME='\(home)/cache' XDG_STATE_HOME='\(home)/state' SSH_CONNECTION='10.0.0.2 50022 10.0.0.1 22' "
                      + "\(gallery) --source demo --render kitty; echo EXIT=$?", enter: true)
        let settled = try await tmux.waitFor { $0.joined().contains(" photos ·") && !$0.joined().contains("loading…") }
        #expect(settled.ok, "\(settled.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(500))
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        let written = String(decoding: try #require(FileManager.default.contents(atPath: home + "/pane.bin")), as: UTF8.self)
        let transmissions = written.components(separatedBy: "\u{1B}_Ga=t,").dropFirst()
        #expect(transmissions.count >= 12, "a screen of thumbnails")
        #expect(transmissions.allSatisfy { $0.hasPrefix("f=100,") }, "every picture as PNG")
    }
}
