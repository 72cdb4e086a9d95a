import Foundation
import Testing
import TestSupport

/// gallery with no `--render` inside tmux 3.4 and 3.6a (built with sixel), inside xterm as a
/// VT340 under Xvfb: sixel pictures, all of them, at every step of a short browse, each
/// thumbnail as it is drawn outside tmux. Screenshots are kept in `.build/artifacts/` as PNGs.
@Suite(.serialized) struct TmuxSixelEndToEndTests {
    typealias Grid = SixelEndToEndTests

    /// The tmux builds of `../shared/tools` (see its README), by version.
    static func tmux(_ version: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/tools/tmux-\(version)/bin/tmux").path
    }

    static func enabled(_ version: String) -> Bool {
        XvfbSession.isAvailable && FileManager.default.isExecutableFile(atPath: tmux(version))
    }

    static func whyDisabled(_ version: String) -> Comment {
        let programs = XvfbSession.requiredPrograms.joined(separator: ", ")
        return Comment(rawValue: "needs \(tmux(version)) (built with sixel: ../shared/tools/build-tmux.sh) and \(programs) "
            + "(apt-get install xvfb xterm xdotool x11-xserver-utils imagemagick)")
    }

    /// The smallest PSNR, in dB, of a thumbnail inside tmux against the same thumbnail outside,
    /// by tmux version. A missing or misplaced picture measured 1 to 9 dB. In 3.6a a row's
    /// thumbnails are sent as one picture whose palette merges theirs into 255 registers, and
    /// tmux writes the pixels again for xterm: the same photo in slightly other colours, measured
    /// 39 to 51 dB. tmux 3.4 also resamples every picture to whole cells cut to 6-pixel bands
    /// (`sixel_scale`: 130 rows of 13-pixel cells read into 126), squeezing it by 3 %: measured 15
    /// to 25 dB, and the same squeeze in the detail pane.
    static func minimumPSNR(_ version: String) -> Double { version == "3.4" ? 12 : 25 }

    /// The steps of the browse, each screenshotted once settled, in and out of tmux alike.
    enum Step: String, CaseIterable {
        case start, scrolled, back, detail, closed
    }

    @Test(.enabled(if: enabled("3.6a"), whyDisabled("3.6a")))
    func tmux36ShowsEveryPictureAtEveryStep() async throws {
        try await browse(version: "3.6a")
    }

    @Test(.enabled(if: enabled("3.4"), whyDisabled("3.4")))
    func tmux34ShowsEveryPictureAtEveryStep() async throws {
        try await browse(version: "3.4")
    }

    private func browse(version: String) async throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        try FileManager.default.createDirectory(at: Grid.artifacts, withIntermediateDirectories: true)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-tmux-sixel-\(getpid())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = ["env", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_STATE_HOME=\(home.path)/state", gallery, "--source", "demo"]

        // Outside tmux first: what each step should look like.
        let outside = try await run(name: "outside", command: command, tmux: nil)
        let inside = try await run(name: "tmux-\(version)", command: command, tmux: (Self.tmux(version), home.path))
        for step in Step.allCases {
            guard let expected = outside.shots[step], let shot = inside.shots[step] else { continue }
            for region in Self.picturesCompared(at: step, geometry: inside.geometry) {
                let psnr: Double = Self.psnr(shot.rootMeanSquareError(region.area, from: expected))
                #expect(psnr >= Self.minimumPSNR(version),
                        "tmux \(version), \(step) \(region.name): PSNR \(psnr) dB against outside tmux; see \(Self.path("tmux-\(version)", step))")
            }
        }
    }

    /// The regions compared at `step`: the twelve thumbnails on the grid, the picture's part of
    /// the detail pane.
    static func picturesCompared(at step: Step, geometry: Grid.Geometry) -> [(name: String, area: Screenshot.Region)] {
        if step == .detail {
            // The photo fits the pane's left part (79 of 120 columns, the rows above the status bar).
            return [("detail picture", geometry.cells(row: 0, column: 0, rows: Grid.rows - 1, columns: 79))]
        }
        return (0..<Grid.gridRows).flatMap { row in
            (0..<Grid.gridColumns).map { column in ("thumbnail \(row),\(column)", geometry.thumbnail(row: row, column: column)) }
        }
    }

    static func psnr(_ rootMeanSquareError: Double) -> Double {
        rootMeanSquareError <= 0 ? 99 : 20 * log10(1 / rootMeanSquareError)
    }

    static func path(_ name: String, _ step: Step) -> String {
        Grid.artifacts.appendingPathComponent("tmux-sixel-\(name)-\(step.rawValue).ppm").path
    }

    /// One xterm running `command`, inside a tmux server of its own (`tmux`: its program and a
    /// folder for its config) or not; the browse's keys typed into xterm, a settled screenshot
    /// after each.
    private func run(name: String, command: [String], tmux: (program: String, folder: String)?) async throws
        -> (geometry: Grid.Geometry, shots: [Step: Screenshot]) {
        let x = try await XvfbSession(logDirectory: Grid.artifacts)
        do {
            let result = try await drive(x, name: name, command: command, tmux: tmux)
            await x.close()
            return result
        } catch {
            await x.close()
            throw error
        }
    }

    private func drive(_ x: XvfbSession, name: String, command: [String], tmux: (program: String, folder: String)?) async throws
        -> (geometry: Grid.Geometry, shots: [Step: Screenshot]) {
        let socket = "gallery-sixel-\(getpid())-\(UUID().uuidString.prefix(8))"
        var server: [String] = []
        if let tmux {
            // No status line, so the pane is the 120x40 the grid outside has. tmux learns that
            // xterm draws sixel from its DA1 reply: no terminal-features line is needed.
            let config = "\(tmux.folder)/tmux.conf"
            try "set -g status off\n".write(toFile: config, atomically: true, encoding: .utf8)
            server = [tmux.program, "-L", socket, "-f", config]
        }
        defer { if !server.isEmpty { _ = try? runProgram(server + ["kill-server"]) } }
        let window = try await x.startTerminal(
            // Dark, as the default theme has it: tmux before 3.6 fills the space between a row's
            // pictures with the theme's background (`SixelCanvas`).
            ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
             "-bg", "black", "-fg", "white"],
            columns: Grid.columns, rows: Grid.rows,
            command: server.isEmpty ? command : server + ["new-session"] + command)
        let geometry = Grid.Geometry(originX: window.originX, originY: window.originY,
                                     cellWidth: window.cellWidth, cellHeight: window.cellHeight)
        // A picture in every thumbnail: a quarter of its cells' pixels at least unlike the
        // screen's background (a "loading…" line in them is a few dozen pixels).
        func everyThumbnail(_ shot: Screenshot) -> Bool {
            let blank = geometry.cells(row: 1, column: Grid.columns - 1, rows: 1, columns: 1)
            let middle = shot.clamped(Screenshot.Region(x: blank.x + blank.width / 2, y: blank.y + blank.height / 2, width: 1, height: 1))
            guard middle.width == 1, middle.height == 1 else { return false }
            let background = shot.luminance(x: middle.x, y: middle.y)
            return (0..<Grid.gridRows).allSatisfy { row in
                (0..<Grid.gridColumns).allSatisfy { column in
                    shot.coverage(of: geometry.thumbnail(row: row, column: column), unlike: background) >= 0.25
                }
            }
        }
        var shots: [Step: Screenshot] = [:]
        func settle(_ step: Step, until predicate: @escaping (Screenshot) -> Bool) async throws {
            let path = Self.path(name, step)
            let settled = try await x.settledScreenshot(path: path, until: predicate)
            let ok = settled.ok  // not in #expect: its message would print every pixel
            #expect(ok, "\(name): \(step) never showed every picture; see \(path)")
            shots[step] = settled.shot
        }

        try await settle(.start, until: everyThumbnail)
        if !server.isEmpty {
            let status = try runProgram(server + ["capture-pane", "-p"]).stdout.split(separator: "\n").last ?? ""
            #expect(status.contains("· sixel"), "\(name): the status bar says \(status)")
        }
        // Six rows down, the grid scrolled by a row of cells, and back.
        for _ in 0..<6 { try x.press("Down"); try await Task.sleep(for: .milliseconds(250)) }
        let start = try #require(shots[.start])
        let corner = geometry.thumbnail(row: 0, column: 0)
        try await settle(.scrolled) { everyThumbnail($0) && $0.difference(corner, from: start, at: (corner.x, corner.y)) > 8 }
        for _ in 0..<6 { try x.press("Up"); try await Task.sleep(for: .milliseconds(250)) }
        try await settle(.back) { everyThumbnail($0) && $0.difference(corner, from: start, at: (corner.x, corner.y)) < 8 }
        // Enter: the detail pane's picture on the left; Esc: the grid again.
        try x.press("Return")
        let detail = geometry.cells(row: 12, column: 28, rows: 14, columns: 22)
        try await settle(.detail) { $0.luminanceDeviation(in: detail) > 6 && $0.difference(corner, from: start, at: (corner.x, corner.y)) > 8 }
        try x.press("Escape")
        try await settle(.closed, until: everyThumbnail)
        if !server.isEmpty {
            // Another tmux window and back: tmux draws the pictures it kept again.
            _ = try runProgram(server + ["new-window"])
            try await Task.sleep(for: .milliseconds(500))
            _ = try runProgram(server + ["select-window", "-t", ":0"])
            let path = Self.path(name, .closed).replacingOccurrences(of: "-closed", with: "-window-back")
            let back = try await x.settledScreenshot(path: path, until: everyThumbnail)
            let ok = back.ok  // not in #expect: its message would print every pixel
            #expect(ok, "\(name): after another tmux window and back, not every picture is there; see \(path)")
            for (region, area) in Self.picturesCompared(at: .closed, geometry: geometry) {
                let psnr = Self.psnr(back.shot.rootMeanSquareError(area, from: try #require(shots[.closed])))
                // tmux draws again the very pictures it kept: the same pixels, bar a stray one.
                #expect(psnr >= 30, "\(name): \(region) after another window and back: PSNR \(psnr) dB; see \(path)")
            }
            Grid.keepPNG(path, geometry: geometry)
        }
        try x.press("q")
        for step in Step.allCases { Grid.keepPNG(Self.path(name, step), geometry: geometry) }
        return (geometry, shots)
    }
}
