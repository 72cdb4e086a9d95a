import Foundation
import TestSupport
import Testing

/// A local library through the real binary: folders entered and left, every photo below a folder,
/// a path copied, a photo given alone, paths piped in, a folder the user may not read.
@Suite(.serialized) struct LibraryEndToEndTests {
    /// A folder of three photos and a note, readable by everyone (for the run as another user).
    private func library() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try await writeDemoJPEGs(names: ["img10.jpg", "img2.jpg", "img1.jpg"], into: folder)
        return folder
    }

    /// A new library, `prepare`d, and a tmux session where `command(gallery, library)` was typed.
    private func launch(columns: Int = 120, prepare: (URL) async throws -> Void = { _ in },
                        _ command: (String, URL) throws -> String) async throws -> (TmuxSession, URL) {
        let gallery = try #require(galleryExecutable())
        let folder = try await library()
        try await prepare(folder)
        let tmux = try TmuxSession(columns: columns, rows: 40)
        try tmux.type(try command(gallery, folder) + "; echo EXIT=$?", enter: true)
        return (tmux, folder)
    }

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
    }

    /// The library with a tree below it: trips/t.jpg, trips/alps/{hut,peak}.jpg, trips/coast/cat.jpg.
    private func tree(under library: URL) async throws {
        let trips = library.appendingPathComponent("trips")
        for (folder, names) in [(trips, ["t.jpg"]), (trips.appendingPathComponent("alps"), ["hut.jpg", "peak.jpg"]),
                                (trips.appendingPathComponent("coast"), ["cat.jpg"])] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await writeDemoJPEGs(names: names, into: folder)
        }
    }

    @Test func foldersAreTilesThatEnterAndLeaveKeepingThePlace() async throws {
        let (tmux, folder) = try await launch(prepare: tree) { gallery, folder in "\(gallery) --render ascii \(folder.path)" }
        defer { try? FileManager.default.removeItem(at: folder) }
        // trips/ holds a photo and two folders, and four photos in all, counted once its tile shows.
        let top = try await tmux.waitFor { $0.joined().contains("1 folder · 3 photos · 1 of 4") && $0.joined().contains("▸ trips/ · 4 photos · 2 f") }
        #expect(top.ok, "\(top.screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        let trips = try await tmux.waitFor { $0.joined().contains("2 folders · 1 photo · 1 of 3") }
        #expect(trips.ok && trips.screen.joined().contains("▸ alps/ · 2 photos"), "\(trips.screen.joined(separator: "\n"))")
        try tmux.press("l")
        try tmux.press("Enter")
        #expect(try await tmux.waitFor { $0.joined().contains("cat.jpg") && $0.joined().contains("1 photo · 1 of 1") }.ok)
        // Back up: the folder just left is the one selected, a level at a time.
        try tmux.press("BSpace")
        #expect(try await tmux.waitFor { $0.joined().contains("2 folders · 1 photo · 2 of 3") }.ok)
        try tmux.press("-")
        #expect(try await tmux.waitFor { $0.joined().contains("1 folder · 3 photos · 1 of 4") }.ok)
        try await quit(tmux)
    }

    @Test func recursiveShowsEveryPhotoBelowTheFolderInOneGrid() async throws {
        let (tmux, folder) = try await launch(prepare: tree) { gallery, folder in "\(gallery) --render ascii -R \(folder.path)" }
        defer { try? FileManager.default.removeItem(at: folder) }
        let grid = try await tmux.waitFor { $0.joined().contains("7 photos · 1 of 7") }
        #expect(grid.ok && grid.screen.joined().contains("(all below)"), "\(grid.screen.joined(separator: "\n"))")
        #expect(!grid.screen.joined().contains("folder"), "no folder tiles: \(grid.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }

    /// Inside tmux, `y` hands the path to tmux itself (`load-buffer -w`): with tmux's default
    /// `set-clipboard external`, an application's own OSC 52 would be dropped.
    @Test func yCopiesThePhotosAbsolutePathIntoTmuxsBuffer() async throws {
        let (tmux, folder) = try await launch { gallery, folder in "\(gallery) --render ascii \(folder.path)" }
        defer { try? FileManager.default.removeItem(at: folder) }
        let setting = try tmux.command(["show-options", "-sv", "set-clipboard"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(setting == "external", "\(setting)")
        #expect(try await tmux.waitFor { $0.joined().contains("3 photos · 1 of 3") }.ok)
        try tmux.press("l")
        try tmux.press("y")
        let path = folder.appendingPathComponent("img2.jpg").path
        let copied = try await tmux.waitFor { $0.joined().contains("copied \(path) to tmux") }
        #expect(copied.ok, "\(copied.screen.joined(separator: "\n"))")
        #expect(try tmux.command(["show-buffer"]) == path)
        try await quit(tmux)
    }

    @Test func aPhotoGivenAloneOpensInItsFolderAndEscSelectsItInTheGrid() async throws {
        let (tmux, folder) = try await launch { gallery, folder in "cd \(folder.path) && \(gallery) --render ascii img2.jpg" }
        defer { try? FileManager.default.removeItem(at: folder) }
        let detail = try await tmux.waitFor { $0.joined().contains("File: img2.jpg") }
        #expect(detail.ok, "no detail pane on img2.jpg: \(detail.screen.joined(separator: "\n"))")
        #expect(!detail.screen.joined().contains("by "), "a local photo credits nobody")
        try tmux.press("Escape")
        // Natural order: img1, img2, img10; the photo opened is the second.
        let grid = try await tmux.waitFor { $0.joined().contains("by name · 3 photos · 2 of 3") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        let titles = grid.screen.first { $0.contains("img1.jpg") } ?? ""
        #expect(titles.range(of: "img2.jpg").map { $0.lowerBound < (titles.range(of: "img10.jpg")?.lowerBound ?? $0.lowerBound) } == true,
                "\(titles)")
        try await quit(tmux)
    }

    @Test func pathsPipedInAreShownAndKeysStillComeFromTheTerminal() async throws {
        let (tmux, folder) = try await launch { gallery, folder in
            "find \(folder.path) -name 'img1*' -print0 | \(gallery) --render ascii -0 -"
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let grid = try await tmux.waitFor { $0.joined().contains("2 photos · 1 of 2") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("l")
        #expect(try await tmux.waitFor { $0.joined().contains("2 photos · 2 of 2") }.ok)
        try await quit(tmux)
    }

    /// Tests run as root, which reads a folder of mode 000 anyway: the app runs as nobody here.
    @Test func anUnreadableFolderIsANoteNeverAHang() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            Issue.record("setpriv (util-linux) is needed to run gallery as another user")
            return
        }
        // The log goes outside the library, where nobody may write.
        let scratch = try TemporaryDirectory(), state = scratch.url
        defer { scratch.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: state.path)
        let (tmux, folder) = try await launch(columns: 200) { gallery, folder in
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
            return "XDG_STATE_HOME=\(state.path) setpriv --reuid=65534 --regid=65534 --clear-groups "
                + "\(gallery) --render ascii -R \(folder.path)"
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let grid = try await tmux.waitFor { $0.joined().contains("3 photos") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        #expect(grid.screen.joined().contains("cannot read folder locked"), "\(grid.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }
}
