import DemoCatalog
import Foundation
import Net
import TestSupport
import Testing

/// The real `gallery` binary in a real terminal (tmux), driven with keys, read from the screen.
@Suite(.serialized) struct GalleryEndToEndTests {
    @Test func browseDemoCatalogInTmux() async throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        // The demo's last photo: the 10th of page 334 of 30 (10,000 photos).
        let expected = try await demoPhoto(page: 334, index: 9)

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) --source demo --render ascii; echo EXIT=$?", enter: true)

        // First page: 30 photos and thumbnails drawn (ASCII art fills the cells).
        let first = try await tmux.waitFor { screen in
            screen.joined().contains("10,000 photos · 1 of 10,000") && !screen.joined().contains("loading…")
        }
        #expect(first.ok, "first page never finished: \(first.screen.joined(separator: "\n"))")
        let artRows = first.screen.filter { row in row.filter { "#%@*+=".contains($0) }.count > 10 }
        #expect(artRows.count >= 4, "no thumbnails visible: \(first.screen.joined(separator: "\n"))")

        // G jumps to the real last photo (the demo sends X-Total): its page is fetched by number.
        try tmux.press("G")
        let last = try await tmux.waitFor { screen in
            screen.joined().contains("10,000 of 10,000 · page 334 of 334") && !screen.joined().contains("loading…")
                // No row of placeholders ("…" where a page has not arrived) is left.
                && !screen.contains { $0.contains("…") && $0.allSatisfy { $0 == " " || $0 == "…" } }
        }
        #expect(last.ok, "the last page never arrived: \(last.screen.joined(separator: "\n"))")

        // Enter opens the detail pane of the selected photo (the last).
        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains(expected.author) }
        #expect(detail.ok, "detail pane lacks '\(expected.author)': \(detail.screen.joined(separator: "\n"))")
        #expect(detail.screen.joined().contains("\(expected.width) × \(expected.height)"))

        // Esc returns to the grid, same place.
        try tmux.press("Escape")
        let back = try await tmux.waitFor { screen in
            let text = screen.joined()
            return text.contains("10,000 photos") && !text.contains(expected.author)
        }
        #expect(back.ok, "Esc did not return to the grid: \(back.screen.joined(separator: "\n"))")
        #expect(back.screen.joined().contains("10,000 of 10,000"))

        // q exits 0 and the shell is back.
        try tmux.press("q")
        // The shell prints its prompt a moment after the exit line: both are waited for.
        let exited = try await tmux.waitFor { screen in
            guard let row = screen.firstIndex(where: { $0.contains("EXIT=0") }) else { return false }
            return screen[(row + 1)...].contains { $0.trimmingCharacters(in: .whitespaces) == "$" }
        }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
        // The shell prompt is back below the exit line, and no UI is left on the screen.
        let exitRow = try #require(exited.screen.firstIndex { $0.contains("EXIT=0") })
        let below = exited.screen[(exitRow + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(below == ["$"], "after exit: \(exited.screen.joined(separator: "\n"))")
        #expect(!exited.screen.joined().contains("photos ·"))
    }

    @Test func runsInPlain80x24Pane() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.type("\(gallery) --source demo --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("10,000 photos") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        #expect(grid.screen.count >= 24 && grid.screen.allSatisfy { $0.count <= 80 })
        try tmux.press("j", "j", "l", "k")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    /// The terminal guard (CTerminalGuard): a crash signal puts the tty mode and the screen back
    /// before the process dies, so the shell is usable without `reset`. Not under `make sanitize`:
    /// AddressSanitizer takes SIGSEGV itself, reports and exits before the guard runs.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GALLERY_SANITIZE"] == nil,
                   "AddressSanitizer handles SIGSEGV before the guard"))
    func aCrashPutsTheTerminalBack() async throws {
        let gallery = try #require(galleryExecutable())
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-crash-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let tmux = try TmuxSession(columns: 80, rows: 24)
        // `exec` keeps the pid written (gallery becomes gallery-app in the same process too).
        try tmux.type(Self.comparingTheTTY("SWIFT_BACKTRACE=enable=no sh -c 'echo $$ > \(pidFile.path); "
                                           + "exec \(gallery) --source demo --render ascii'"), enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("10,000 photos") }
        try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGSEGV) == 0)
        // The whole line: the typed command wraps, and where it does one of its rows may start "tty ".
        let after = try await tmux.waitFor { $0.contains { $0 == "tty same" || $0 == "tty changed" } }
        let screen = after.screen.joined(separator: "\n")
        #expect(screen.contains("EXIT=139"), "\(screen)")
        #expect(after.screen.contains("tty same"), "\(screen)")
        // Out of the alternate screen: the grid is gone, the command line is back.
        #expect(!screen.contains("30 photos") && screen.contains("before=$(stty -g)"), "\(screen)")
    }

    /// `command`, then its exit status and whether the tty's modes are what they were before it,
    /// as lines "EXIT=N" and "tty same" (or "tty changed").
    static func comparingTheTTY(_ command: String) -> String {
        "before=$(stty -g); \(command); echo EXIT=$?; [ \"$(stty -g)\" = \"$before\" ] && t=same || t=changed; echo tty $t"
    }

    /// q gives the terminal back in the modes the shell had (curses started once: started twice,
    /// `endwin` restored the first start's raw modes).
    @Test func quittingPutsTheTerminalBack() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.type(Self.comparingTheTTY("\(gallery) --source demo --render ascii"), enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("10,000 photos") }
        try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("q")
        let after = try await tmux.waitFor { $0.contains { $0 == "tty same" || $0 == "tty changed" } }
        #expect(after.screen.contains("EXIT=0") && after.screen.contains("tty same"), "\(after.screen.joined(separator: "\n"))")
    }

    @Test func badFlagPrintsOneLineAndExits64() throws {
        let gallery = try #require(galleryExecutable())
        for arguments in [["--bogus"], ["--render", "crayon"], ["--per-page", "0"], ["--source", "ftp://x"]] {
            let (status, stderr) = try run(gallery, arguments)
            #expect(status == 64, "\(arguments): exit \(status)")
            let lines = stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("gallery: "), "\(arguments): \(stderr)")
        }
        let (status, _) = try run(gallery, ["--help"])
        #expect(status == 0)
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        let result = try runProgram([path] + arguments)
        return (result.status, result.stderr)
    }

    /// What the demo catalog says about photo `index` of the default feed, read through its own HTTP API.
    private func demoPhoto(page: Int = 1, index: Int) async throws -> (author: String, width: Int, height: Int) {
        let server = DemoCatalogServer()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let response = try await HTTPClient().get("\(base)/photos?page=\(page)&per_page=30")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        let photo = list[index]
        let user = try #require(photo["user"] as? [String: Any])
        return (try #require(user["name"] as? String), try #require(photo["width"] as? Int), try #require(photo["height"] as? Int))
    }
}
