import Foundation
import Testing

/// Real bytes: ncurses must never move lines (scroll region + SU/SD, IND/RI, IL/DL): a terminal
/// carries the sixel pictures on them along (or drops them) behind the image layer's back. Only
/// gallery's own region scrolls (`RegionScroll`: IND or RI in a region) may move lines, and in a
/// terminal not known to move pixels (tmux) only where no picture is shown. Any other move fails,
/// not only one seen over a picture: which rows hold pictures when ncurses' hash optimisation
/// strikes is a matter of timing.
@Suite(.serialized) struct LineMoveEndToEndTests {
    @Test func ncursesNeverMovesLinesUnderPictures() async throws {
        let recording = try await SixelRecording()
        // Found by driving the app: to the end, up six rows, then at once a resize away and back
        // (a full repaint) and to the top. Without the scroll-free terminfo entry, ncurses' hash
        // optimisation answered with `CSI 1;39 r`, `CSI 13 T` every time (and, in other runs, over
        // pictures: `CSI 1;25 r`, `CSI 13 T` moved a row of thumbnails 13 rows down).
        try recording.tmux.press("G")
        for _ in 0..<6 {
            try await Task.sleep(for: .milliseconds(300))
            try recording.tmux.press("k")
        }
        try await recording.waitUntilSettled()
        try recording.tmux.resize(columns: 100, rows: recording.rows)
        try recording.tmux.resize(columns: recording.columns, rows: recording.rows)
        try recording.tmux.press("g")
        try await recording.waitUntilSettled()
        let tracker = try await recording.finish()
        #expect(tracker.sixelCount >= 24)
        let others = tracker.lineMoves.filter { !($0.hasPrefix("IND ") || $0.hasPrefix("RI ")) || $0.contains("pictures on them") }
        #expect(others.isEmpty, "\(others.joined(separator: "\n"))")
    }

    /// Told the terminal moves pictures (`--terminal-scroll on`), a scroll by one row of cells moves
    /// the rows on the terminal and sends the pictures of the row coming in, and no others: xterm's
    /// way of moving pixels, followed by the tracker, leaves no picture written over.
    @Test func aOneRowScrollMovesTheRowsAndSendsOnlyTheNewRow() async throws {
        let recording = try await SixelRecording(arguments: ["--terminal-scroll", "on"])
        let before = try recording.recorded().count
        // The selection to the last row of cells on screen, then one more row: the grid scrolls.
        var scrolled: [UInt8] = []
        for _ in 0..<6 where !String(decoding: scrolled, as: UTF8.self).contains("\u{1B}D") {
            try recording.tmux.press("j")
            try await recording.waitUntilSettled()
            scrolled = Array(try recording.recorded().dropFirst(before))
        }
        let text = String(decoding: scrolled, as: UTF8.self)
        let sixels = text.components(separatedBy: "\u{1B}P").count - 1
        // 120x40 cells of 16x32 pixels (tmux): a grid of 4 columns of cells.
        #expect(text.contains("\u{1B}D"), "the grid never scrolled by a region")
        #expect(sixels == 4, "\(sixels) sixels sent for a one-row scroll")
        let tracker = try await recording.finish()
        #expect(tracker.lineMoves.contains { $0.contains("pictures on them") }, "\(tracker.lineMoves)")
        #expect(tracker.damage.isEmpty, "\(tracker.damage.joined(separator: "\n"))")
    }

    /// Ctrl-L clears the screen and sends every picture again: for a terminal that lost them
    /// (xterm repaints only its last 16 sixels when uncovered).
    @Test func ctrlLDrawsEverythingAgain() async throws {
        let recording = try await SixelRecording()
        let before = try recording.recorded().count
        try recording.tmux.press("C-l")
        try await recording.waitUntilSettled()
        let text = String(decoding: try recording.recorded().dropFirst(before), as: UTF8.self)
        #expect(text.contains("\u{1B}[H\u{1B}[2J") || text.contains("\u{1B}[2J"), "no clear screen")
        #expect(text.components(separatedBy: "\u{1B}P").count - 1 == 12, "not every picture sent again")
        _ = try await recording.finish()
    }
}
