import Foundation
import Imaging
import Testing

/// A camera roll through the real binary in tmux: a Live Photo and a RAW+JPEG pair are one tile
/// each, trashed, restored and picked with both their files; a video plays in the detail pane.
@Suite(.serialized) struct CameraRollEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImagingTests/Fixtures")

    /// clip.mp4 (5 s, 10 fps), IMG_1234.JPG with IMG_1234.MOV, DSC_0001.JPG with DSC_0001.NEF.
    private func cameraRoll(in root: URL) throws -> URL {
        let roll = root.appendingPathComponent("roll")
        try FileManager.default.createDirectory(at: roll, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("clip.mp4"), to: roll.appendingPathComponent("clip.mp4"))
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("rotated.mov"), to: roll.appendingPathComponent("IMG_1234.MOV"))
        try Data(try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(200, 120, 40))))
            .write(to: roll.appendingPathComponent("IMG_1234.JPG"))
        try Data(try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(40, 120, 200))))
            .write(to: roll.appendingPathComponent("DSC_0001.JPG"))
        try Data("a camera's raw sensor data".utf8).write(to: roll.appendingPathComponent("DSC_0001.NEF"))
        return roll
    }

    private func root() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-roll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    @Test func pairsAreOneTileAndDThenUMovesBothFilesToTheTrashAndBack() async throws {
        let gallery = try #require(galleryExecutable())
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let roll = try cameraRoll(in: root)
        let before = try fingerprint(roll)
        let trash = root.path + "/data/Trash"
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("XDG_DATA_HOME=\(root.path)/data \(gallery) \(roll.path) --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("2 photos · 1 video") && $0.joined().contains("LIVE IMG_1234.JPG") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        #expect(!grid.screen.joined().contains("skipped"), "the companions are not skipped files")

        // clip.mp4, DSC_0001.JPG, IMG_1234.JPG: the two pairs marked.
        try tmux.press("l", "Space", "l", "Space")
        #expect(try await tmux.waitFor { $0.joined().contains("2 marked") }.ok)
        try tmux.press("D")
        #expect(try await tmux.waitFor { $0.joined().contains("Move 2 photos to the trash? y/n") }.ok)
        try tmux.press("y")
        let trashed = try await tmux.waitFor { $0.joined().contains("moved 2 photos to the trash") && $0.joined().contains(" 1 video ·") }
        #expect(trashed.ok, "\(trashed.screen.joined(separator: "\n"))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: roll.path) == ["clip.mp4"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").sorted()
                == ["DSC_0001.JPG", "DSC_0001.NEF", "IMG_1234.JPG", "IMG_1234.MOV"])

        try tmux.press("u")
        let restored = try await tmux.waitFor { $0.joined().contains("restored 2 photos") && $0.joined().contains("2 photos · 1 video") }
        #expect(restored.ok, "\(restored.screen.joined(separator: "\n"))")
        #expect(try fingerprint(roll) == before, "every file back, byte-identical")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").isEmpty)
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    @Test func pickPrint0PrintsBothFilesOfALivePhoto() async throws {
        let gallery = try #require(galleryExecutable())
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let roll = try cameraRoll(in: root)
        let output = root.appendingPathComponent("out")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        #expect(try await tmux.waitFor { $0.first?.hasPrefix("$") == true }.ok)
        try tmux.type("\(gallery) --pick --print0 --render ascii \(roll.path) > \(output.path); echo EXIT=$?", enter: true)
        #expect(try await tmux.waitFor { $0.joined().contains("LIVE IMG_1234.JPG") && $0.joined().contains("Enter pick") }.ok)
        try tmux.press("l", "l", "Enter")
        #expect(try await tmux.waitFor { $0.contains { $0 == "EXIT=0" } }.ok)
        #expect(try Data(contentsOf: output) == Data("\(roll.path)/IMG_1234.JPG\0\(roll.path)/IMG_1234.MOV\0".utf8))
    }

    @Test func aVideoPlaysInTheDetailPaneAndSpacePausesIt() async throws {
        let gallery = try #require(galleryExecutable())
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let roll = try cameraRoll(in: root)
        let tmux = try TmuxSession(columns: 120, rows: 40)
        // Colours, which tell the clip's frames apart (each another grey).
        try tmux.type("env -u NO_COLOR \(gallery) \(roll.path) --render halfblock; echo EXIT=$?", enter: true)
        #expect(try await tmux.waitFor { $0.joined().contains("▶ 0:05 clip.mp4") }.ok)
        try tmux.press("Enter")
        let playing = try await tmux.waitFor { status($0).contains("▶ playing 0:01 / 0:05") }
        #expect(playing.ok, "\(playing.screen.joined(separator: "\n"))")
        // The frames change on the screen as the clock goes (each of the clip's is another grey).
        let picture = try drawn(tmux)
        let moved = try await tmux.waitFor(timeout: .seconds(5)) { status($0).contains("▶ playing 0:02") }
        #expect(moved.ok)
        let later = try drawn(tmux)
        #expect(later != picture)
        try tmux.press("Space")
        let paused = try await tmux.waitFor { status($0).contains("paused 0:0") }
        #expect(paused.ok, "\(paused.screen.joined(separator: "\n"))")
        let held = try drawn(tmux)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try drawn(tmux) == held, "a paused frame stays as it is")
        try tmux.press("Space")
        #expect(try await tmux.waitFor { status($0).contains("▶ playing") }.ok)
        try tmux.press("Escape")
        let grid = try await tmux.waitFor { $0.joined().contains("▶ 0:05 clip.mp4") && !status($0).contains("playing") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        // q while it plays: the app ends and the terminal is the shell's again.
        try tmux.press("Enter")
        #expect(try await tmux.waitFor { status($0).contains("▶ playing") }.ok)
        try tmux.press("q")
        let shell = try await tmux.waitFor { $0.contains { $0.hasPrefix("EXIT=0") } }
        #expect(shell.ok && !shell.screen.joined().contains("playing") && !shell.screen.joined().contains("▀"),
                "\(shell.screen.joined(separator: "\n"))")
    }

    /// The status bar: the screen's last row with text (a capture ends with a newline).
    private func status(_ screen: [String]) -> String { screen.last { !$0.isEmpty } ?? "" }

    /// The pane with its colours, above the status bar.
    private func drawn(_ tmux: TmuxSession) throws -> [Substring] {
        try tmux.command(["capture-pane", "-p", "-e"]).split(separator: "\n", omittingEmptySubsequences: false).prefix(38).map { $0 }
    }

    /// Each file's name and bytes.
    private func fingerprint(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            return "\(name) \(data.count) \(data.base64EncodedString())"
        }
    }
}
