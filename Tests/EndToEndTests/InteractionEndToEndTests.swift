import Foundation
import TestSupport
import Testing

/// The interaction features in a real terminal: mouse, downloads, the config file, search.
@Suite(.serialized) struct InteractionEndToEndTests {
    /// Starts gallery in a 120x40 pane with `environment` and waits for the first page.
    private func startGallery(_ tmux: TmuxSession, environment: [String: String] = [:], arguments: String = "") async throws -> [String] {
        let gallery = try #require(galleryExecutable())
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux.type("\(assignments) \(gallery) --source demo --render ascii \(arguments); echo EXIT=$?", enter: true)
        let first = try await tmux.waitFor { screen in
            let status = screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            return status.contains(" photos ·") && !screen.joined().contains("loading…")
        }
        #expect(first.ok, "the grid never settled: \(first.screen.joined(separator: "\n"))")
        return first.screen
    }

    /// N of the status bar's "N photos" (written "1,512").
    private func photoCount(in screen: [String]) -> Int? {
        guard let status = screen.last(where: { $0.contains(" photos ·") }),
              let range = status.range(of: " photos ·") else { return nil }
        return Int((status[..<range.lowerBound].split(separator: " ").last ?? "").filter { $0 != "," })
    }

    /// M of the status bar's "page N of M".
    private func pageCount(in screen: [String]) -> Int? {
        guard let status = screen.last(where: { $0.contains(" photos ·") }),
              let range = status.range(of: "page ", options: .backwards) else { return nil }
        let words = status[range.upperBound...].split(separator: " ")
        guard words.count >= 3, words[1] == "of" else { return nil }
        return Int(words[2].filter { $0 != "," })
    }

    private func quit(_ tmux: TmuxSession, key: String = "q") async throws {
        try tmux.press(key)
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
    }

    @Test func mouseWheelScrollsTheGrid() async throws {
        let tmux = try TmuxSession(columns: 120, rows: 40)
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try await startGallery(tmux, environment: ["XDG_STATE_HOME": state.path])
        #expect(first.joined().contains("· 1 of 10,000"))
        // SGR mouse report of a wheel-down (button 65) at column 10, row 10: one row of 4 cells.
        try tmux.type("\u{1B}[<65;10;10M")
        let scrolled = try await tmux.waitFor { $0.joined().contains("· 5 of 10,000") }
        #expect(scrolled.ok, "wheel did not scroll: \(scrolled.screen.joined(separator: "\n"))")
        try tmux.type("\u{1B}[<65;10;10M")
        #expect(try await tmux.waitFor { $0.joined().contains("· 9 of 10,000") }.ok)
        // A click on the first cell of the top visible row selects it.
        try tmux.type("\u{1B}[<0;3;3M\u{1B}[<0;3;3m")
        #expect(try await tmux.waitFor { $0.joined().contains("· 9 of 10,000") && !$0.joined().contains("· 5 of 10,000") }.ok)
        try await quit(tmux)
    }

    @Test func dDownloadsTheOriginalAndSaysWhere() async throws {
        // Short, so that the whole "saved to PATH" fits the status bar; the space must survive.
        let downloads = "/tmp/g-\(UUID().uuidString.prefix(6))/dl x"
        defer { try? FileManager.default.removeItem(atPath: (downloads as NSString).deletingLastPathComponent) }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        let logs = try TemporaryDirectory()
        defer { logs.remove() }
        let log = logs.path + "/verbose.log"
        _ = try await startGallery(tmux, environment: ["XDG_DOWNLOAD_DIR": downloads], arguments: "--verbose --log '\(log)'")
        try tmux.press("d")
        let saved = try await tmux.waitFor { $0.joined().contains("saved to \(downloads)/") }
        #expect(saved.ok, "no 'saved to': \(saved.screen.joined(separator: "\n"))")
        let files = try FileManager.default.contentsOfDirectory(atPath: downloads)
        #expect(files.count == 1 && files[0].hasSuffix(".jpg"), "\(files)")
        if let name = files.first {
            #expect(saved.screen.joined().contains("saved to \(downloads)/\(name)"))
            let data = try Data(contentsOf: URL(fileURLWithPath: downloads + "/" + name))
            #expect(data.count > 1000 && data.prefix(2) == Data([0xFF, 0xD8]), "not a JPEG: \(data.count) bytes")
        }
        try await quit(tmux)
        // --log and --verbose: debug lines in the named file, the access key never.
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains(" debug gallery: ") && logged.contains("configuration"), "\(logged)")
    }

    @Test func configFileRoundTripsAndDrivesTheUI() async throws {
        let gallery = try #require(galleryExecutable())
        let configHome = try TemporaryDirectory(), config = configHome.path
        defer { configHome.remove() }
        try FileManager.default.createDirectory(atPath: config + "/gallery", withIntermediateDirectories: true)
        let file = config + "/gallery/config.toml"
        try "per_page = 12\nunsplash_access_key = \"my-secret-key-7890\"\n[keys]\nquit = \"X\"\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config

        let printed = try runProgram([gallery, "--print-config", "--theme", "light"], environment: environment)
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("per_page = 12"))
        #expect(printed.stdout.contains("theme = \"light\""))
        #expect(printed.stdout.contains("unsplash_access_key = \"****7890\""))
        #expect(!printed.stdout.contains("my-secret"))
        #expect(printed.stdout.contains("quit = \"X\""))
        // What it prints is a config file that gives the same configuration.
        try printed.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let again = try runProgram([gallery, "--print-config"], environment: environment)
        #expect(again.status == 0)
        #expect(again.stdout.split(separator: "\n").dropFirst() == printed.stdout.split(separator: "\n").dropFirst())

        // The UI uses it: 12 per page, and x quits.
        let tmux = try TmuxSession(columns: 120, rows: 40)
        let stateHome = try TemporaryDirectory(), state = stateHome.path
        defer { stateHome.remove() }
        let first = try await startGallery(tmux, environment: ["XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state])
        // Pages of 12: the demo's total in pages of 12.
        let count = photoCount(in: first), pages = pageCount(in: first)
        #expect(count.map { $0 > 0 && pages == ($0 + 11) / 12 } == true,
                "\(String(describing: count)) photos in \(String(describing: pages)) pages")
        try await quit(tmux, key: "X")
        // The log went to the XDG state directory, at the default level.
        let log = try String(contentsOfFile: state + "/gallery/gallery.log", encoding: .utf8)
        #expect(log.contains(" info gallery: ") && log.contains("starting"), "\(log)")
        #expect(!log.contains(" debug "), "\(log)")

        // A broken file stops gallery before the UI with FILE:LINE, exit 78.
        try "per_page = 12\ntheme = \"neon\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let broken = try runProgram([gallery], environment: environment)
        #expect(broken.status == 78)
        #expect(broken.stderr == "gallery: \(file):2: theme must be dark or light, got 'neon'\n")
    }

    @Test
    func searchFlowOnTheDemoCatalog() async throws {
        let tmux = try TmuxSession(columns: 120, rows: 40)
        let state = try TemporaryDirectory()
        defer { state.remove() }
        _ = try await startGallery(tmux, environment: ["XDG_STATE_HOME": state.path])
        try tmux.press("l", "l")
        #expect(try await tmux.waitFor { $0.joined().contains("· 3 of 10,000") }.ok)
        try tmux.press("/")
        try tmux.type("mountain")
        try tmux.press("Enter")
        let results = try await tmux.waitFor { screen in
            screen.joined().contains("search \"mountain\" ·") && !screen.joined().contains("search \"mountain\" · 0 photos")
        }
        #expect(results.ok, "no results: \(results.screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains("←/→ photos") }
        #expect(detail.ok, "no detail pane: \(detail.screen.joined(separator: "\n"))")
        try tmux.press("Escape")
        #expect(try await tmux.waitFor { $0.joined().contains("search \"mountain\" ·") }.ok)
        try tmux.press("Escape")
        let back = try await tmux.waitFor { screen in
            screen.joined().contains("photos · 3 of ") && !screen.joined().contains("search \"")
        }
        #expect(back.ok, "not back on the full grid: \(back.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }
}
