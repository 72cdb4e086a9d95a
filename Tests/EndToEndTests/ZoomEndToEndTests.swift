import Foundation
import TestSupport
import Testing

/// The detail pane's zoom through the real binary in tmux: Enter, then `=` on a 4000 px JPEG shows
/// 100 % in the status bar, a mouse drag and the keys move its centre, `w` fits again, `f` hides the status line and
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
        #expect(zoomed.screen.joined().contains("w fit") && !zoomed.screen.joined().contains("photos"),
                "zoomed, the arrows pan: the status bar offers w, not ←/→")

        // A drag of 70 columns to the left (xterm's SGR mouse reports: press, a move with the button
        // held, release) shows 70 pixels further right: 1.75 %.
        try tmux.type("\u{1B}[<0;75;20M\u{1B}[<32;40;20M\u{1B}[<32;5;20M\u{1B}[<0;5;20m")
        let dragged = try await tmux.waitFor { $0.joined().contains("100 % · centre 52%,50%") }
        #expect(dragged.ok, "\(dragged.screen.joined(separator: "\n"))")

        // Six quarters of the 79-column pane at 100 %: 120 of 4000 pixels, 3 % more to the right.
        for _ in 0..<6 { try tmux.press("l") }
        let panned = try await tmux.waitFor { $0.joined().contains("100 % · centre 55%,50%") }
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
