import Foundation
import Imaging
import Testing

/// Marks, the trash and `u` on a real folder through the real binary in tmux.
@Suite(.serialized) struct LocalActionsEndToEndTests {
    @Test func markTrashAndRestoreLeaveTheFolderAsItWas() async throws {
        let gallery = try #require(galleryExecutable())
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        let pictures = root.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let names = ["harbour.jpg", "meadow.jpg", "skyline.jpg"]
        for (index, name) in names.enumerated() {
            let image = RGBImage(width: 64, height: 48, filledWith: RGB(UInt8(60 * index), 90, 160))
            try Data(try JPEGCodec.encode(image)).write(to: pictures.appendingPathComponent(name))
        }
        let before = try folderFingerprint(pictures)
        let trash = root.path + "/data/Trash"

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("XDG_DATA_HOME=\(root.path)/data \(gallery) \(pictures.path) --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("3 photos") && $0.joined().contains("skyline.jpg") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")

        try tmux.press("Space")
        try tmux.press("l")
        try tmux.press("Space")
        let marked = try await tmux.waitFor { $0.joined().contains("2 marked") }
        #expect(marked.ok && marked.screen.joined().contains("✓ harbour.jpg") && marked.screen.joined().contains("✓ meadow.jpg"),
                "\(marked.screen.joined(separator: "\n"))")

        try tmux.press("D")
        #expect(try await tmux.waitFor { $0.joined().contains("Move 2 photos to the trash? y/n") }.ok)
        try tmux.press("y")
        let trashed = try await tmux.waitFor { $0.joined().contains("moved 2 photos to the trash") && $0.joined().contains("1 photos") }
        #expect(trashed.ok, "\(trashed.screen.joined(separator: "\n"))")
        #expect(!trashed.screen.joined().contains("harbour.jpg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path) == ["skyline.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").sorted() == ["harbour.jpg", "meadow.jpg"])
        let record = try String(contentsOfFile: trash + "/info/meadow.jpg.trashinfo", encoding: .utf8)
        #expect(record.hasPrefix("[Trash Info]\nPath=\(pictures.path)/meadow.jpg\nDeletionDate=20"))

        try tmux.press("u")
        let restored = try await tmux.waitFor { $0.joined().contains("restored 2 photos") && $0.joined().contains("3 photos") }
        #expect(restored.ok, "\(restored.screen.joined(separator: "\n"))")
        #expect(try folderFingerprint(pictures) == before, "the folder is as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash + "/info").isEmpty)

        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    /// Each file's name, size, content and modification time.
    private func folderFingerprint(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let path = folder.appendingPathComponent(name).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return "\(name) \(data.count) \(data.hashValue) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
    }
}
