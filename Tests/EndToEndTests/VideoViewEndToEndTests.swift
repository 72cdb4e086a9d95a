import Foundation
import Imaging
import ImagingTestSupport
import Testing
import TestSupport

/// `gallery view` on a video, as a whole process: the static `gallery` hands it to
/// `gallery-app view`, which loads FFmpeg; the fixtures are ImagingTests' (make-video-fixtures.sh).
@Suite struct VideoViewEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImagingTests/Fixtures").standardized.path

    private func view(_ arguments: [String]) throws -> ProgramRun {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        return try runProgram([gallery, "view"] + arguments, environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"],
                              timeLimit: .seconds(60))
    }

    /// Not on a terminal: the poster, once, upright (the clip is stored landscape, red left of blue).
    @Test func withoutATerminalThePosterIsPrintedUpright() throws {
        let result = try view(["\(Self.fixtures)/rotated.mov", "--size", "40x20", "--render", "sixel"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let poster = try SixelDecoder.decode(Array(result.stdout.utf8))
        #expect(poster.height > poster.width, "\(poster.width)x\(poster.height)")
        let top = poster[poster.width / 2, poster.height / 4], bottom = poster[poster.width / 2, poster.height * 3 / 4]
        #expect(top.r > 200 && top.b < 60 && bottom.b > 200 && bottom.r < 60, "\(top) above \(bottom)")
    }

    /// The launcher hands the name's bytes to gallery-app, which hands FFmpeg the open file.
    @Test func aVideoWhoseNameIsNotUTF8ShowsItsPoster() throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        let name = "\"$(printf '\(folder)/clip\\377.mp4')\""
        let script = "cp '\(Self.fixtures)/clip.mp4' \(name) && exec '\(gallery)' view --size 12x3 --render halfblock \(name)"
        let result = try runProgram(["/bin/sh", "-c", script], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"],
                                    timeLimit: .seconds(60))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout.debugDescription)")
    }

    @Test func aVideoKeepsItsPlaceAmongPictures() throws {
        let png = "\(Self.fixtures)/coffee.png"
        let result = try view([png, "\(Self.fixtures)/cover.mp4", png, "--size", "12x3", "--render", "halfblock"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        // The photo, the cover (green), the photo again.
        #expect(lines.count == 9 && lines[0..<3] == lines[6..<9] && lines[3..<6] != lines[0..<3], "\(lines.count) lines")
    }

    /// Cut short, its index lost, or not a video at all behind a video's first bytes: one line
    /// each, at once, and the exit status says so.
    @Test func damagedVideosAreOneLineEach() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/clip-moov-last.mp4"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = folder.appendingPathComponent("cut.mp4"), fake = folder.appendingPathComponent("fake.mkv")
        try whole.prefix(whole.count / 2).write(to: cut)
        try Data([0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0xFF, count: 4000)).write(to: fake)
        let start = ContinuousClock.now
        let result = try view([cut.path, fake.path, "--size", "20x6", "--render", "halfblock"])
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(result.status == 1 && result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("gallery: \(cut.path): corrupt image: video: ") == true, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("gallery: \(fake.path): corrupt image: video: ") == true, "\(result.stderr)")
    }

    /// The static `gallery` cannot hand a pipe's video over (its bytes are read): it says so;
    /// `gallery-app view` plays it from what it read.
    @Test func aVideoFromAPipeIsRefusedWithWhatToDo() throws {
        let gallery = try #require(galleryExecutable())
        let pipe = { (program: String) in
            try runProgram(["/bin/sh", "-c", "cat \(Self.fixtures)/cover.mp4 | \(program) view --size 8x2 --render ascii /dev/stdin"],
                           timeLimit: .seconds(60))
        }
        // Under `make sanitize` (GALLERY_SANITIZE) the launcher is linked dynamically, so it loads
        // FFmpeg itself and plays it as gallery-app does.
        if ProcessInfo.processInfo.environment["GALLERY_SANITIZE"] == nil {
            let launcher = try pipe(gallery)
            #expect(launcher.status == 1 && launcher.stderr == "gallery: /dev/stdin: a video read from a pipe, which gallery view "
                + "cannot play here: name the file itself\n", "\(launcher.stderr)")
        }
        let app = try pipe(gallery + "-app")
        #expect(app.status == 0 && app.stdout.split(separator: "\n").count == 2, "\(app.stderr)")
    }

    /// On a terminal it plays (the picture changes: each frame of the clip is another grey) until
    /// q or Ctrl-C, and leaves the terminal as it found it: cursor shown, keys echoed again.
    @Test(arguments: ["q", "C-c"])
    func onATerminalItPlaysUntilAKey(key: String) async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 40, rows: 12)
        // In colour whatever the tests run in: with NO_COLOR every frame would be the same characters.
        try tmux.type("env -u NO_COLOR COLORTERM=truecolor \(gallery) view --render halfblock \(Self.fixtures)/clip.mp4; echo EXIT=$?", enter: true)
        let drawn = try await tmux.waitFor { $0.joined().contains("▀") }
        try #require(drawn.ok, "\(drawn.screen.joined(separator: "\n"))")
        var pictures: Set<String> = []
        for _ in 0..<6 {
            // With its colours: every frame has the same characters.
            pictures.insert(try tmux.command(["capture-pane", "-p", "-e", "-t", tmux.name]))
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(pictures.count >= 3, "the picture changed \(pictures.count - 1) times in 1.5 s")
        try tmux.press(key)
        let ended = try await tmux.waitFor(timeout: .seconds(5)) { $0.contains { $0.hasPrefix("EXIT=0") } }
        #expect(ended.ok, "\(ended.screen.joined(separator: "\n"))")
        #expect(try tmux.command(["display-message", "-p", "-t", tmux.name, "#{cursor_flag}"]).hasPrefix("1"))
        try tmux.type("echo typed", enter: true)
        let echoed = try await tmux.waitFor(timeout: .seconds(5)) { $0.contains { $0.hasPrefix("$ echo typed") } }
        #expect(echoed.ok, "\(echoed.screen.joined(separator: "\n"))")
    }
}
