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

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
    }

    @Test func aPhotoGivenAloneOpensInItsFolderAndEscSelectsItInTheGrid() async throws {
        let gallery = try #require(galleryExecutable())
        let folder = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("cd \(folder.path) && \(gallery) --render ascii img2.jpg; echo EXIT=$?", enter: true)
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
        let gallery = try #require(galleryExecutable())
        let folder = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("find \(folder.path) -name 'img1*' -print0 | \(gallery) --render ascii -0 -; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("2 photos · 1 of 2") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("l")
        #expect(try await tmux.waitFor { $0.joined().contains("2 photos · 2 of 2") }.ok)
        try await quit(tmux)
    }

    /// Tests run as root, which reads a folder of mode 000 anyway: the app runs as nobody here.
    @Test func anUnreadableFolderIsANoteNeverAHang() async throws {
        let gallery = try #require(galleryExecutable())
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            Issue.record("setpriv (util-linux) is needed to run gallery as another user")
            return
        }
        let folder = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        // The log goes outside the library, where nobody may write.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: state.path)
        let tmux = try TmuxSession(columns: 200, rows: 40)
        try tmux.type("XDG_STATE_HOME=\(state.path) setpriv --reuid=65534 --regid=65534 --clear-groups "
                      + "\(gallery) --render ascii -R \(folder.path); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("3 photos") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        #expect(grid.screen.joined().contains("cannot read folder locked"), "\(grid.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }
}
