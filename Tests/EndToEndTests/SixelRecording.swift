import Foundation
import Testing

/// gallery with sixel thumbnails in a tmux pane whose output is recorded with `pipe-pane`: the real
/// bytes it wrote, for `ImageDamageTracker`. A fresh cache (the session's), so thumbnails are made
/// and arrive one by one.
final class SixelRecording {
    // tmux reports 16x32-pixel cells when no client tells it better (its DEFAULT_XPIXEL/YPIXEL).
    static let cellWidth = 16
    static let cellHeight = 32
    let columns: Int
    let rows: Int
    let tmux: TmuxSession

    /// Starts gallery (with `arguments` after the demo and sixel ones) and waits until the first
    /// screen of thumbnails has arrived.
    init(columns: Int = 120, rows: Int = 40, arguments: [String] = []) async throws {
        self.columns = columns
        self.rows = rows
        let gallery = try #require(galleryExecutable())
        tmux = try TmuxSession(columns: columns, rows: rows)
        try tmux.recordOutput()
        // The pane records bytes, it is not where a person sees the pictures: outside `TMUX`, gallery
        // sends the sixels it would send a terminal, where inside this tmux (no sixel) it would draw text.
        try tmux.type("env -u TMUX "
                      + "\(([gallery, "--source", "demo", "--render", "sixel"] + arguments).joined(separator: " ")); echo EXIT=$?",
                      enter: true)
        try await waitUntilSettled()
    }

    /// Waits for the grid with no thumbnail still loading, then a little for the last frame.
    func waitUntilSettled() async throws {
        let settled = try await tmux.waitFor { screen in
            screen.joined().contains(" photos ·") && !screen.joined().contains("loading…")
        }
        #expect(settled.ok, "the grid never settled: \(settled.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(500))
    }

    /// The bytes gallery wrote so far.
    func recorded() throws -> [UInt8] {
        try tmux.recordedOutput()
    }

    /// Quits gallery and follows everything it wrote with a tracker.
    func finish() async throws -> ImageDamageTracker {
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        let bytes = try tmux.recordedOutput()
        var tracker = ImageDamageTracker(screenColumns: columns, screenRows: rows,
                                         cellWidth: Self.cellWidth, cellHeight: Self.cellHeight)
        tracker.feed(Array(bytes))
        return tracker
    }
}
