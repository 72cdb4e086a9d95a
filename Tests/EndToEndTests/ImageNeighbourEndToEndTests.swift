import Foundation
import Testing

/// Real bytes: gallery with sixel thumbnails in tmux, its output recorded with `pipe-pane`. A thumbnail
/// arriving must not make ncurses clear across the pictures already drawn beside it.
@Suite(.serialized) struct ImageNeighbourEndToEndTests {
    @Test func arrivingThumbnailsLeaveTheirNeighboursAlone() async throws {
        let recording = try await SixelRecording()
        let tracker = try await recording.finish()
        // The first screen's 12 thumbnails, each inside the screen (the cell size is right).
        #expect(tracker.sixelCount >= 12)
        #expect(tracker.images.count + tracker.damage.count >= 12)
        #expect(tracker.images.allSatisfy { $0.row + $0.rows <= 39 && $0.column + $0.columns <= 120 })
        // Nothing ever wrote or cleared over a picture on the screen: only the grid's scroll does that.
        #expect(tracker.damage.isEmpty, "\(tracker.damage.joined(separator: "\n"))")
    }

    /// The detail pane's statistics arrive after the picture and push the lines below them down,
    /// the colour swatch among them: only the swatch's old cells are written again, not the whole
    /// rows it was on, which the picture shares (that sent its 100 KB a second time).
    @Test func detailsArrivingBesideThePictureLeaveItAlone() async throws {
        let recording = try await SixelRecording()
        let before = try recording.recorded().count
        try recording.tmux.press("Enter")
        let pane = try await recording.tmux.waitFor { $0.joined().contains(" downloads") }
        #expect(pane.ok, "\(pane.screen.joined(separator: "\n"))")
        // The picture itself may come after the lines on a slow build (ASan): it is waited for,
        // then half a second more for a second sending that must not come.
        let sent = { String(decoding: try recording.recorded().dropFirst(before), as: UTF8.self) }
        let deadline = ContinuousClock.now + .seconds(20)
        while try !sent().contains("\u{1B}P"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .milliseconds(500))
        let text = try sent()
        #expect(text.components(separatedBy: "\u{1B}P").count - 1 == 1, "the detail picture was sent more than once")
        _ = try await recording.finish()
    }

    /// Moving the selection redraws its frame, in the lines between the pictures, and nothing else:
    /// no sixel is sent again and nothing is written over one.
    @Test func movingTheSelectionSendsNoPicture() async throws {
        let recording = try await SixelRecording()
        let before = try recording.recorded().count
        for key in ["l", "j", "h", "k", "l"] {
            try recording.tmux.press(key)
            try await Task.sleep(for: .milliseconds(300))
        }
        let moves = try recording.recorded().dropFirst(before)
        let text = String(decoding: moves, as: UTF8.self)
        let drewTheFrame = text.contains("▄") && text.contains("▐")
        let sixels = text.components(separatedBy: "\u{1B}P").count - 1
        #expect(drewTheFrame)
        #expect(sixels == 0, "sixels sent again in \(moves.count) bytes")
        let tracker = try await recording.finish()
        #expect(tracker.damage.isEmpty, "\(tracker.damage.joined(separator: "\n"))")
    }
}
