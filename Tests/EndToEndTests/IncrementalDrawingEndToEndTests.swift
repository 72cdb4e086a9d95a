import Testing

/// What the screen shows after frames drawn one on the other (rows moved by the terminal's
/// scrolling region, only changed cells written, pictures placed where their cells changed) is
/// what a full redraw (Ctrl-L) shows, cell for cell and colour for colour. Half-block thumbnails:
/// a stale or misplaced one is the same `▀` characters in other colours.
@Suite(.serialized) struct IncrementalDrawingEndToEndTests {
    @Test func scrolledScreensAreWhatAFullRedrawDraws() async throws {
        let tmux = try await grid(render: "halfblock")
        let steps: [(label: String, keys: [String])] = [
            ("five rows down", ["j", "j", "j", "j", "j"]), ("half a screen down", ["C-d"]),
            ("four rows up", ["k", "k", "k", "k"]), ("the detail pane and back", ["Enter", "Escape"]),
            ("the last photo", ["G"]), ("three rows up from there", ["k", "k", "k"]), ("the wheel", ["j", "j", "j"]),
        ]
        for step in steps {
            for key in step.keys {
                try tmux.press(key)
                try await Task.sleep(for: .milliseconds(250))
            }
            let drawn = try await settled(tmux)
            try tmux.press("C-l")
            try await Task.sleep(for: .milliseconds(300))
            let redrawn = try await settled(tmux)
            let differing = Self.differingCells(drawn, redrawn)
            let same = differing.isEmpty  // not in #expect, which would print every differing cell
            #expect(same, "after \(step.label), \(differing.count) cells differ from a full redraw, first at (row, column) \(Array(differing.prefix(3)))")
        }
    }

    /// The (row, column) of each cell that differs.
    static func differingCells(_ a: [[ScreenCell]], _ b: [[ScreenCell]]) -> [[Int]] {
        var differing: [[Int]] = []
        for row in 0..<min(a.count, b.count) {
            for column in 0..<min(a[row].count, b[row].count) where a[row][column] != b[row][column] {
                differing.append([row, column])
            }
        }
        return differing
    }

    /// The pane once two captures 300 ms apart agree (thumbnails still arriving change it).
    private func settled(_ tmux: TmuxSession) async throws -> [[ScreenCell]] {
        var previous = try tmux.cells()
        for _ in 0..<40 {
            try await Task.sleep(for: .milliseconds(300))
            let current = try tmux.cells()
            if current == previous { return current }
            previous = current
        }
        return previous
    }
}
