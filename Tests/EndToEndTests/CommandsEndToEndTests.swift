import Foundation
import Imaging
import Testing

/// `[commands]`, `:` and `M` with Tab and `u` on a real folder through the real binary in tmux.
@Suite(.serialized) struct CommandsEndToEndTests {
    /// A folder `pictures` of three small JPEGs with spaces and quotes in their names, a folder
    /// `Outbox` beside it, and a config file binding `c` to a script (run by sh) that writes its arguments,
    /// NUL-separated, to `argv`, scribbles on the terminal and exits 3.
    private func makeFolder() throws -> (root: URL, pictures: URL, names: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        let pictures = root.appendingPathComponent("pictures")
        for folder in [pictures, root.appendingPathComponent("Outbox"), root.appendingPathComponent("config/gallery")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let names = ["it's \"one\" 1.jpg", "two  spaces $HOME.jpg", "three.jpg"]
        for (index, name) in names.enumerated() {
            let image = RGBImage(width: 64, height: 48, filledWith: RGB(UInt8(60 * index), 90, 160))
            try Data(try JPEGCodec.encode(image)).write(to: pictures.appendingPathComponent(name))
        }
        let script = root.appendingPathComponent("write argv")
        try "#!/bin/sh\nprintf '%s\\0' \"$@\" > \"\(root.path)/argv\"\necho SCRIBBLE; echo SCRIBBLE >&2\nexit 3\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Through sh, not exec'd: a script just written can be "busy" (ETXTBSY) while a child
        // another test forked meanwhile still holds the descriptor it was written through.
        try "[commands]\n\"c\" = \"/bin/sh '\(script.path)' --flag\"\n"
            .write(to: root.appendingPathComponent("config/gallery/config.toml"), atomically: true, encoding: .utf8)
        return (root, pictures, names)
    }

    /// Starts gallery on `pictures` in tmux, `root` its home and its config's, and waits for the grid.
    private func launch(root: URL, pictures: URL) async throws -> TmuxSession {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("HOME=\(root.path) XDG_CONFIG_HOME=\(root.path)/config \(gallery) \(pictures.path) --render ascii; echo EXIT=$?",
                      enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("3 photos") && $0.joined().contains("three.jpg") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        return tmux
    }

    @Test func aBoundKeyRunsItsCommandOnTheMarkedPathsAndTheScreenComesBack() async throws {
        let (root, pictures, names) = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try await launch(root: root, pictures: pictures)
        // The grid is in name order: "it's…", "three", "two…".
        try tmux.press("Space")
        try tmux.press("l")
        try tmux.press("l")
        try tmux.press("Space")
        let marked = try await tmux.waitFor { $0.joined().contains("2 marked") }
        #expect(marked.ok)

        try tmux.press("c")
        let ran = try await tmux.waitFor { $0.joined().contains("sh: exit 3") }
        #expect(ran.ok, "\(ran.screen.joined(separator: "\n"))")
        let argv = try Data(contentsOf: root.appendingPathComponent("argv")).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(argv == ["--flag", pictures.path + "/" + names[0], pictures.path + "/" + names[1]])
        // The screen is the grid again as it was, thumbnails and all, above the status bar, and
        // nothing the command wrote.
        let gridRows = { (screen: [String]) in screen.filter { !$0.contains("3 photos") } }
        #expect(gridRows(ran.screen) == gridRows(marked.screen), "\(ran.screen.joined(separator: "\n"))")
        #expect(!ran.screen.joined().contains("SCRIBBLE"))

        // `:` runs a command once, and what it wrote stays until a key is pressed (that key goes
        // no further: `x` would reject a photo); the photo it makes shows in the grid.
        try tmux.press(":")
        let prompt = try await tmux.waitFor { $0.joined().contains("run (2 photos):") }
        #expect(prompt.ok, "\(prompt.screen.joined(separator: "\n"))")
        try tmux.type("sh -c 'cp \"$1\" \"$(dirname \"$1\")/made.jpg\" && echo COPIED' sh", enter: true)
        let output = try await tmux.waitFor { $0.joined().contains("COPIED") && $0.joined().contains("gallery: press any key to go back") }
        #expect(output.ok, "\(output.screen.joined(separator: "\n"))")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try tmux.screen().joined().contains("press any key"), "it waits for the key")
        try tmux.press("x")
        let made = try await tmux.waitFor { $0.joined().contains("sh: done") && $0.joined().contains("4 photos") && $0.joined().contains("made.jpg") }
        #expect(made.ok, "\(made.screen.joined(separator: "\n"))")

        // Ctrl-C while a command runs reaches the command, not gallery.
        try tmux.press(":")
        // It says so once it is the terminal's foreground group (`+` in ps's state): a Ctrl-C
        // sooner would reach gallery, whose group the terminal's still was.
        try tmux.type("sh -c 'until ps -o stat= -p $$ | grep -q +; do sleep 0.01; done; echo RUNNING; exec sleep 30' sh", enter: true)
        // The app's screen is put away while the command runs.
        #expect(try await tmux.waitFor { !$0.joined().contains("4 photos") && $0.joined().contains("RUNNING") }.ok)
        try tmux.press("C-c")
        let interrupted = try await tmux.waitFor { $0.joined().contains("sh: ended by signal 2") && $0.joined().contains("4 photos") }
        #expect(interrupted.ok, "\(interrupted.screen.joined(separator: "\n"))")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    /// In the detail pane a bound key runs on the photo shown: its path, quotes and spaces and all,
    /// one argument; the pane comes back as it was, with how the command ended.
    @Test func aBoundKeyInTheDetailPaneRunsOnThePhotoShown() async throws {
        let (root, pictures, names) = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try await launch(root: root, pictures: pictures)
        // Name order: "it's…", "three", "two…": Enter on the first.
        try tmux.press("Enter")
        // The pane whole: its text, and its picture (the photo is one colour: a block of one
        // character in ASCII) beside it.
        let pane = try await tmux.waitFor { screen in
            screen.joined().contains("1 of 3") && screen.joined().contains("File:")
                && screen.count > 20 && !screen[20].prefix(40).allSatisfy { $0 == " " }
        }
        #expect(pane.ok, "\(pane.screen.joined(separator: "\n"))")
        try tmux.press("c")
        let ran = try await tmux.waitFor { $0.joined().contains("sh: exit 3") }
        #expect(ran.ok, "\(ran.screen.joined(separator: "\n"))")
        let argv = try Data(contentsOf: root.appendingPathComponent("argv")).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(argv == ["--flag", pictures.path + "/" + names[0]])
        let paneRows = { (screen: [String]) in screen.filter { !$0.contains("Esc back") } }
        let changed = zip(paneRows(ran.screen), paneRows(pane.screen)).enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "\($0.offset): \($0.element.1) → \($0.element.0)" }
        #expect(changed.isEmpty, "the pane is drawn again as it was:\n\(changed.joined(separator: "\n"))")
        #expect(!ran.screen.joined().contains("SCRIBBLE"))
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    @Test func moveWithTabCompletionThenUMovesBack() async throws {
        let (root, pictures, names) = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try await launch(root: root, pictures: pictures)
        try tmux.press("M")
        #expect(try await tmux.waitFor { $0.joined().contains("move to: \(pictures.path)/") }.ok)
        try tmux.press("C-u")
        try tmux.type("~/Out")
        try tmux.press("Tab")
        #expect(try await tmux.waitFor { $0.joined().contains("move to: ~/Outbox/") }.ok)
        try tmux.press("Enter")
        let moved = try await tmux.waitFor { $0.joined().contains("moved 1 photo to Outbox (u moves back)") && $0.joined().contains("2 photos") }
        #expect(moved.ok, "\(moved.screen.joined(separator: "\n"))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/Outbox") == [names[0]])

        try tmux.press("u")
        let back = try await tmux.waitFor { $0.joined().contains("moved 1 photo back from Outbox") && $0.joined().contains("3 photos") }
        #expect(back.ok, "\(back.screen.joined(separator: "\n"))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted() == names.sorted())
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
