import Foundation
import TestSupport
import Testing

/// What a new user meets first: errors in sentences, and odd terminals.
@Suite(.serialized) struct FirstHourEndToEndTests {
    @Test func argumentErrorsListWhatIsAllowed() throws {
        let gallery = try #require(galleryExecutable())
        let render = try runProgram([gallery, "--render", "crayon"])
        #expect(render.status == 64)
        #expect(render.stderr.contains("auto, sixel, kitty, iterm, halfblock, ascii"), "\(render.stderr)")
        let size = try runProgram([gallery, "--thumb-size", "3x1"])
        #expect(size.status == 64)
        #expect(size.stderr.contains("COLS in 4-400 and ROWS in 2-200"), "\(size.stderr)")
    }

    /// Refusals are one sentence that says what to do, never a Swift enum's name.
    @Test func terminalsGalleryCannotUseAreRefusedInOneSentence() throws {
        let gallery = try #require(galleryExecutable())
        let pipe = try runProgram([gallery, "--source", "demo"])
        #expect(pipe.status == 1)
        #expect(pipe.stderr.hasPrefix("gallery: gallery needs a terminal") && pipe.stderr.contains("gallery view FILE"),
                "\(pipe.stderr)")
        let dumb = try runProgram(["env", "TERM=dumb", gallery, "--source", "demo"])
        #expect(dumb.status == 1)
        #expect(dumb.stderr.hasPrefix("gallery: TERM=dumb is a terminal that cannot move the cursor"), "\(dumb.stderr)")
        for result in [pipe, dumb] {
            #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("Terminal("))
        }
    }

    /// TERM unset: the built-in fallback description and ASCII art, and after `q` the shell's
    /// screen is clean (that description has no alternate screen).
    @Test func withoutTERMTheGridIsASCIIAndQuitLeavesACleanScreen() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.type("env -u TERM \(gallery) --source demo; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("photos") && $0.joined().contains("· ascii") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "\(exited.screen.joined(separator: "\n"))")
        let text = exited.screen.joined(separator: "\n")
        #expect(!text.contains("photos") && !text.contains(":::::"), "the grid stayed on the screen:\n\(text)")
    }

    /// A TERM this machine has no description for runs on the fallback and says so on exit.
    @Test func anUnknownTERMRunsOnTheFallbackAndSaysSo() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.type("TERM=no-such-terminal \(gallery) --source demo --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("· ascii") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.screen.joined().contains("no terminfo description for TERM=no-such-terminal"),
                "\(exited.screen.joined(separator: "\n"))")
    }

    /// A double click far right opens the photo at once. With `screen`'s (and `xterm-kitty`'s) X10
    /// mouse reports, ncurses froze on a click from column 95 on, until the next key; the app now
    /// asks for SGR reports, which tmux sends for any column.
    @Test func aDoubleClickFarRightOpensThePhotoWithoutAKey() async throws {
        let tmux = try await asciiGrid(environment: "TERM=screen ")
        // Press and release twice on column 110, row 5 (1-based, as the reports count), 50 ms
        // apart as a hand's are.
        let click = "\u{1B}[<0;110;5M\u{1B}[<0;110;5m"
        try tmux.type(click)
        try await Task.sleep(for: .milliseconds(50))
        try tmux.type(click)
        let detail = try await tmux.waitFor(timeout: .seconds(5)) { $0.joined().contains("Esc back") }
        #expect(detail.ok, "no detail pane without a key:\n\(detail.screen.joined(separator: "\n"))")
        try tmux.press("q")
    }

    /// A button's release arriving on its own (as kitty sends it, after the press) froze the app
    /// until the next key: ncurses read on, blocking, for an event it could report, and the
    /// release was not one it was asked for. Here the frozen app would not show a photo copied
    /// into its folder (not a resize: under AddressSanitizer a SIGWINCH can abort the app).
    @Test func aReleaseOnItsOwnDoesNotFreezeTheApp() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.url
        defer { scratch.remove() }
        let first = try gradientJPEG(in: folder, named: "a.jpg")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) \(folder.path) --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("1 photo") }
        try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.type("\u{1B}[<0;50;5M")
        try await Task.sleep(for: .milliseconds(300))
        try tmux.type("\u{1B}[<0;50;5m")
        try await Task.sleep(for: .milliseconds(300))
        try FileManager.default.copyItem(atPath: first, toPath: folder.appendingPathComponent("b.jpg").path)
        let shown = try await tmux.waitFor(timeout: .seconds(5)) { $0.joined().contains("2 photos") }
        #expect(shown.ok, "the copied photo never showed:\n\(shown.screen.joined(separator: "\n"))")
        try tmux.press("q")
    }

    /// `gallery` alone opens where it starts when there are photos there, as nsxiv, ranger and lf
    /// do; elsewhere the demo, with a hint of how to open your own.
    @Test func galleryAloneOpensTheCurrentFolderWhenItHoldsPhotosElseTheDemoWithAHint() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), photos = scratch.url.appendingPathComponent("Holiday")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: photos.appendingPathComponent("Day 1"), withIntermediateDirectories: true)
        _ = try gradientJPEG(in: photos.appendingPathComponent("Day 1"), named: "sea.jpg")
        let empty = scratch.url.appendingPathComponent("code")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.type("cd '\(photos.path)' && \(gallery) --render ascii; echo EXIT=$?", enter: true)
        let folder = try await tmux.waitFor { $0.joined().contains("Day 1") && $0.joined().contains("Holiday") }
        #expect(folder.ok, "the folder did not open:\n\(folder.screen.joined(separator: "\n"))")
        try tmux.press("q")
        _ = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        try tmux.type("clear; cd '\(empty.path)' && \(gallery) --render ascii; echo EXIT=$?", enter: true)
        let demo = try await tmux.waitFor { $0.joined().contains("gallery ~/Pictures opens your photos") }
        #expect(demo.ok, "no demo with its hint:\n\(demo.screen.joined(separator: "\n"))")
        try tmux.press("l")
        let moved = try await tmux.waitFor { !$0.joined().contains("opens your photos") }
        #expect(moved.ok, "the hint outlived the first key")
        #expect(moved.screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("demo") == true,
                "\(moved.screen.joined(separator: "\n"))")
        try tmux.press("q")
    }

    @Test func aLibrarysMessageAboutADamagedPictureGoesToTheLog() async throws {
        let gallery = try #require(galleryExecutable())
        let damaged = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/heif/avif-dav1d-leaks-a-picture.avif")
        let scratch = try TemporaryDirectory(), folder = scratch.url
        defer { scratch.remove() }
        try FileManager.default.copyItem(at: damaged, to: folder.appendingPathComponent("damaged.avif"))
        let log = folder.appendingPathComponent("gallery.log").path
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.type("\(gallery) \(folder.path)/damaged.avif --render ascii --log \(log); echo EXIT=$?", enter: true)
        let shown = try await tmux.waitFor { $0.joined().contains("Esc back") }
        try #require(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(500))
        let screen = try tmux.screen().joined(separator: "\n")
        try tmux.press("q")
        #expect(!screen.contains("dav1d") && !screen.contains("failed in"), "\(screen)")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("dav1d"), "the library said nothing this time: \(logged)")
    }

    /// A JPEG libjpeg warns about ("3 extraneous bytes before marker 0xdb", as some cameras write
    /// them) is shown, and the warning goes to the log, not the screen.
    @Test func aDecodersWarningGoesToTheLog() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.url
        defer { scratch.remove() }
        let clean = try gradientJPEG(in: folder, named: "clean.jpg")
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clean)))
        let table = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB })
        try Data(Array(jpeg[..<table]) + [1, 2, 3] + jpeg[table...]).write(to: folder.appendingPathComponent("odd.jpg"))
        let log = folder.appendingPathComponent("gallery.log").path
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.type("\(gallery) \(folder.path)/odd.jpg --render ascii --log \(log); echo EXIT=$?", enter: true)
        let shown = try await tmux.waitFor { $0.joined().contains("Esc back") && !$0.joined().contains("loading") }
        try #require(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        #expect(!shown.screen.joined().contains("extraneous"))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("extraneous bytes before marker 0xdb"), "\(logged)")
    }

    /// A small JPEG made by ImageMagick in `folder`; its path.
    private func gradientJPEG(in folder: URL, named name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let made = try runProgram(["convert", "-size", "64x48", "gradient:red-blue", path])
        try #require(made.status == 0, "ImageMagick: \(made.stderr)")
        return path
    }
}
