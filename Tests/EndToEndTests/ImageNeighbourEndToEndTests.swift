import Foundation
import Testing

/// Real bytes: gallery with sixel thumbnails in tmux, its output recorded with `pipe-pane`. A thumbnail
/// arriving must not make ncurses clear across the pictures already drawn beside it.
@Suite(.serialized) struct ImageNeighbourEndToEndTests {
    // tmux reports 16x32-pixel cells when no client tells it better (its DEFAULT_XPIXEL/YPIXEL).
    static let cellWidth = 16
    static let cellHeight = 32

    @Test func arrivingThumbnailsLeaveTheirNeighboursAlone() async throws {
        let gallery = try #require(galleryExecutable())
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let output = home + "/pane.bin"

        let tmux = try TmuxSession(columns: 120, rows: 40)
        _ = try runProgram(["tmux", "-L", tmux.socket, "pipe-pane", "-O", "-t", tmux.name, "cat > '\(output)'"])
        // A fresh cache: thumbnails are made now and arrive one by one.
        try tmux.type("XDG_CACHE_HOME='\(home)/cache' XDG_STATE_HOME='\(home)/state' "
                      + "\(gallery) --source demo --render sixel; echo EXIT=$?", enter: true)
        let settled = try await tmux.waitFor { screen in
            screen.joined().contains(" photos ·") && !screen.joined().contains("loading…")
        }
        #expect(settled.ok, "the grid never settled: \(settled.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(500))
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)

        let bytes = try #require(FileManager.default.contents(atPath: output))
        var tracker = ImageDamageTracker(screenColumns: 120, screenRows: 40,
                                         cellWidth: Self.cellWidth, cellHeight: Self.cellHeight)
        tracker.feed(Array(bytes))
        // The first screen's 12 thumbnails, each inside the screen (the cell size is right).
        #expect(tracker.sixelCount >= 12)
        #expect(tracker.images.count + tracker.damage.count >= 12)
        #expect(tracker.images.allSatisfy { $0.row + $0.rows <= 39 && $0.column + $0.columns <= 120 })
        // Nothing ever wrote or cleared over a picture on the screen: only the grid's scroll does that.
        #expect(tracker.damage.isEmpty, "\(tracker.damage.joined(separator: "\n"))")
    }
}
