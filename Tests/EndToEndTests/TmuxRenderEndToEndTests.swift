import Foundation
import Testing

/// gallery inside tmux, as tmux is: the pane's `TMUX` set, tmux asked what it and the terminal
/// outside can show. The test's tmux session has no client, so no sixel reaches any screen.
@Suite(.serialized) struct TmuxRenderEndToEndTests {
    @Test func forcedSixelWhereTmuxCannotShowItDrawsTextAndSaysWhy() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) --source demo --render sixel; echo EXIT=$?", enter: true)
        let shown = try await tmux.waitFor { screen in
            screen.joined().contains("photos ·") && !screen.joined().contains("loading…")
        }
        try #require(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        let status = try #require(shown.screen.last { $0.contains("gallery ·") })
        // Half-blocks, or ASCII where the environment has no colour (NO_COLOR).
        #expect(status.contains("· halfblock (tmux ") || status.contains("· ascii (tmux "), "\(status)")
        #expect(status.contains("no sixel"), "\(status)")
        // Text art in the thumbnails' cells, not blank cells waiting for sixels tmux drops.
        let art = shown.screen.prefix(9).joined().filter { $0 != " " }.count
        #expect(art > 9 * 60, "\(shown.screen.joined(separator: "\n"))")
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.joined().contains("EXIT=0") }
        #expect(exited.ok)
    }
}
