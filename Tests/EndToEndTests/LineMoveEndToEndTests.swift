import Testing

/// Real bytes: ncurses must never move lines (scroll region + SU/SD, IND/RI, IL/DL): a terminal
/// carries the sixel pictures on them along (or drops them) behind the image layer's back. Any move
/// fails, not only one seen over a picture: which rows hold pictures when ncurses' hash optimisation
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
        #expect(tracker.lineMoves.isEmpty, "\(tracker.lineMoves.joined(separator: "\n"))")
    }
}
