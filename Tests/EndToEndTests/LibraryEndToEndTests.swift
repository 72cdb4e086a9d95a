import Foundation
import Testing

/// A local library through the real binary: a photo given alone, paths piped in, a folder the
/// user may not read.
@Suite(.serialized) struct LibraryEndToEndTests {
    /// A folder of three photos and a note, readable by everyone (for the run as another user).
    private func library() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try await writeDemoJPEGs(names: ["img10.jpg", "img2.jpg", "img1.jpg"], into: folder)
        return folder
    }

    /// A new library, and a tmux session where `command(gallery, library)` was typed.
    private func launch(columns: Int = 120, _ command: (String, URL) throws -> String) async throws -> (TmuxSession, URL) {
        let gallery = try #require(galleryExecutable())
        let folder = try await library()
        let tmux = try TmuxSession(columns: columns, rows: 40)
        try tmux.type(try command(gallery, folder) + "; echo EXIT=$?", enter: true)
        return (tmux, folder)
    }

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
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
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: state) }
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
