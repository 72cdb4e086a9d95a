import Foundation
import Testing

/// gallery with sixel thumbnails in a tmux pane whose output is recorded with `pipe-pane`: the real
/// bytes it wrote, for `ImageDamageTracker`. A fresh cache, so thumbnails are made and arrive one
/// by one.
final class SixelRecording {
    // tmux reports 16x32-pixel cells when no client tells it better (its DEFAULT_XPIXEL/YPIXEL).
    static let cellWidth = 16
    static let cellHeight = 32
    let columns: Int
    let rows: Int
    let tmux: TmuxSession
    private let home: String
    private var output: String { home + "/pane.bin" }

    /// Starts gallery (with `arguments` after the demo and sixel ones) and waits until the first
    /// screen of thumbnails has arrived.
    init(columns: Int = 120, rows: Int = 40, arguments: [String] = []) async throws {
        self.columns = columns
        self.rows = rows
        let gallery = try #require(galleryExecutable())
        home = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        tmux = try TmuxSession(columns: columns, rows: rows)
        try tmux.command(["pipe-pane", "-O", "-t", tmux.name, "cat > '\(output)'"])
        // The pane records bytes, it is not where a person sees the pictures: outside `TMUX`, gallery
        // sends the sixels it would send a terminal, where inside this tmux (no sixel) it would draw text.
        try tmux.type("env -u TMUX XDG_CACHE_HOME='\(home)/cache' XDG_STATE_HOME='\(home)/state' "
                      + "\(([gallery, "--source", "demo", "--render", "sixel"] + arguments).joined(separator: " ")); echo EXIT=$?",
                      enter: true)
        try await waitUntilSettled()
    }

    deinit { try? FileManager.default.removeItem(atPath: home) }

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
        Array(try #require(FileManager.default.contents(atPath: output)))
    }

    /// Quits gallery and follows everything it wrote with a tracker.
    func finish() async throws -> ImageDamageTracker {
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        let bytes = try #require(FileManager.default.contents(atPath: output))
        var tracker = ImageDamageTracker(screenColumns: columns, screenRows: rows,
                                         cellWidth: Self.cellWidth, cellHeight: Self.cellHeight)
        tracker.feed(Array(bytes))
        return tracker
    }
}
