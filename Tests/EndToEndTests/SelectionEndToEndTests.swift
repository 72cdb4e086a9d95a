import Foundation
import Testing

/// The selection's frame, the thumbnails' fit and the help overlay, as a pane shows them.
@Suite(.serialized) struct SelectionEndToEndTests {
    /// The demo grid in ASCII in a `columns`x`rows` pane, `environment` before the command.
    private func demoGrid(columns: Int, rows: Int, environment: String = "", arguments: String = "") async throws -> TmuxSession {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: columns, rows: rows)
        try tmux.type("\(environment)\(gallery) --source demo --render ascii \(arguments); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("photos") }
        try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        return tmux
    }

    /// Without colours the frame is still there: half blocks around the selected cell, moving with it.
    @Test func withNO_COLORTheFrameIsCharactersAndFollowsTheSelection() async throws {
        let tmux = try await demoGrid(columns: 80, rows: 24, environment: "NO_COLOR=1 ")
        let first = try await tmux.waitFor { $0.first?.hasPrefix("▗▄▄▄") == true }
        #expect(first.ok, "\(first.screen.joined(separator: "\n"))")
        #expect(first.screen.contains { $0.hasPrefix("▝▀▀▀") })
        try tmux.press("l")
        let moved = try await tmux.waitFor { $0.first?.hasPrefix(" ") == true && $0.first?.contains("▗▄▄▄") == true }
        #expect(moved.ok, "\(moved.screen.joined(separator: "\n"))")
        #expect(moved.screen.joined().filter { $0 == "▗" }.count == 1, "one frame")
        try tmux.press("q")
    }

    @Test func fSwitchesTheThumbnailsBetweenContainAndCrop() async throws {
        let tmux = try await demoGrid(columns: 100, rows: 30)
        let contained = try await tmux.waitFor { !$0.joined().contains("loading") && $0.joined().contains("::") }
        try tmux.press("f")
        let cropped = try await tmux.waitFor { $0.joined().contains("thumbnails: crop") && !$0.joined().contains("loading") }
        #expect(cropped.ok, "\(cropped.screen.joined(separator: "\n"))")
        // The pictures changed: a crop fills cells a contained picture left blank at the sides.
        #expect(Array(cropped.screen.dropLast()) != Array(contained.screen.dropLast()))
        try tmux.press("f")
        let back = try await tmux.waitFor { $0.joined().contains("thumbnails: contain") }
        #expect(back.ok, "\(back.screen.joined(separator: "\n"))")
        try tmux.press("q")
    }

    /// At 20x6 the help shows what fits and "↓ more"; j and Space scroll it to its end, another key closes it.
    @Test func atTwentyBySixTheHelpScrolls() async throws {
        let tmux = try await demoGrid(columns: 20, rows: 6)
        try tmux.press("?")
        let help = try await tmux.waitFor { $0.joined().contains("↓ more") }
        #expect(help.ok, "\(help.screen.joined(separator: "\n"))")
        #expect(help.screen.joined().contains("Keys"))
        try tmux.press("j", "j")
        let scrolled = try await tmux.waitFor { !$0.joined().contains("Keys") && $0.joined().contains("↓ more") }
        #expect(scrolled.ok, "j scrolls:\n\(scrolled.screen.joined(separator: "\n"))")
        for _ in 0..<40 { try tmux.press("Space") }
        let end = try await tmux.waitFor { $0.joined().contains("any key closes") && !$0.joined().contains("↓ more") }
        #expect(end.ok, "\(end.screen.joined(separator: "\n"))")
        try tmux.press("z")
        let closed = try await tmux.waitFor { $0.joined().contains("photos") && !$0.joined().contains("any key") }
        #expect(closed.ok, "\(closed.screen.joined(separator: "\n"))")
        try tmux.press("q")
    }
}
