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

    /// Inside tmux the app asks for focus reports (mode 1004): tmux sends a focus-in when the pane
    /// shows again (a window switched back, with `focus-events on`), after which the whole screen
    /// is drawn again, and the report is never read as the Escape key. Quitting turns them off.
    @Test func aFocusInDrawsTheScreenAgainAndIsNoEscape() async throws {
        let tmux = try await asciiGrid()
        #expect(try await tmux.waitFor { !$0.joined().contains("loading…") }.ok)
        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains("Esc back") }
        try #require(detail.ok, "\(detail.screen.joined(separator: "\n"))")
        try tmux.recordOutput()
        try tmux.command(["send-keys", "-t", tmux.name, "-H", "1b", "5b", "49"])
        // Read as it grows: `recordedOutput()` requires the file to be there already.
        let recorded = { FileManager.default.contents(atPath: tmux.home + "/pane.bin")?.count ?? 0 }
        let redrawn = try await tmux.waitFor { _ in recorded() > 4_000 }
        #expect(redrawn.ok, "no redraw after a focus-in: \(recorded()) bytes")
        #expect(redrawn.screen.joined().contains("Esc back"), "the focus-in was taken for Esc")
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.joined().contains("EXIT=0") }
        #expect(exited.ok)
        #expect(String(decoding: try tmux.recordedOutput(), as: UTF8.self).contains("\u{1B}[?1004l"))
    }
}

