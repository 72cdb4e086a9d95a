import Foundation
import TestSupport
import Testing

/// The detail pane's zoom through the real binary in tmux: Enter, then `=` on a 4000 px JPEG shows
/// 100 % in the status bar, a pan moves its centre, `w` fits again, `f` hides the status line and
/// Esc brings it back.
@Suite(.serialized, .enabled(if: SharedPhotos.has("chelsea-4000.jpg"), SharedPhotos.absent))
struct ZoomEndToEndTests {
    @Test func equalsShowsAHundredPercentAndKeysPanAndFit() async throws {
        let gallery = try #require(galleryExecutable())
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: SharedPhotos.path("chelsea-4000.jpg"),
                                         toPath: folder.path + "/chelsea-4000.jpg")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) --render halfblock \(folder.path); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("1 photo") }
        try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")

        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains("4000 × 2661 px") }
        try #require(detail.ok, "\(detail.screen.joined(separator: "\n"))")
        try tmux.press("=")
        let zoomed = try await tmux.waitFor { $0.joined().contains("100 % · centre 50%,50%") }
        #expect(zoomed.ok, "\(zoomed.screen.joined(separator: "\n"))")

        // Six quarters of the 79-column pane at 100 %: 118 of 4000 pixels, 3 % to the right.
        for _ in 0..<6 { try tmux.press("l") }
        let panned = try await tmux.waitFor { $0.joined().contains("100 % · centre 53%,50%") }
        #expect(panned.ok, "\(panned.screen.joined(separator: "\n"))")

        try tmux.press("w")
        let fitted = try await tmux.waitFor { $0.joined().contains("Esc back") && !$0.joined().contains("centre") }
        #expect(fitted.ok, "\(fitted.screen.joined(separator: "\n"))")

        try tmux.press("f")
        let filled = try await tmux.waitFor { !$0.joined().contains("Esc back") && !$0.joined().contains("4000 × 2661") }
        #expect(filled.ok, "\(filled.screen.joined(separator: "\n"))")
        try tmux.press("Escape")
        let back = try await tmux.waitFor { $0.joined().contains("Esc back") && $0.joined().contains("4000 × 2661 px") }
        #expect(back.ok, "\(back.screen.joined(separator: "\n"))")

        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.joined().contains("EXIT=0") }
        #expect(exited.ok, "\(exited.screen.joined(separator: "\n"))")
    }
}
