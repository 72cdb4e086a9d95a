import Foundation
import Imaging
import Testing

/// `gallery --pick` as a shell pipeline uses it: drawn on the terminal, the chosen paths alone on stdout.
@Suite(.serialized) struct PickEndToEndTests {
    /// a.jpg, b.jpg and "c d.jpg" in a new folder.
    private func pictures() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-pick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in ["a.jpg", "b.jpg", "c d.jpg"].enumerated() {
            let image = RGBImage(width: 64, height: 48, filledWith: RGB(UInt8(70 * index), 120, 90))
            try Data(try JPEGCodec.encode(image)).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private func startPick(_ command: String, in tmux: TmuxSession) async throws {
        try tmux.type("\(command); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("3 photos") && $0.joined().contains("Enter pick") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
    }

    private func exitStatus(in tmux: TmuxSession) async throws -> String? {
        let done = try await tmux.waitFor { $0.contains { $0.hasPrefix("EXIT=") } }
        return done.screen.first { $0.hasPrefix("EXIT=") }
    }

    @Test func enterWritesTheTwoMarkedPathsAndNothingElse() async throws {
        let gallery = try #require(galleryExecutable())
        let folder = try pictures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.txt")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        // The default render mode: the capability probe's queries must go to the terminal too.
        try await startPick("\(gallery) --pick \(folder.path) > \(output.path)", in: tmux)
        try tmux.press("Space")
        try tmux.press("l")
        try tmux.press("l")
        try tmux.press("Space")
        #expect(try await tmux.waitFor { $0.joined().contains("2 marked") }.ok)
        try tmux.press("Enter")
        #expect(try await exitStatus(in: tmux) == "EXIT=0")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written == "\(folder.path)/a.jpg\n\(folder.path)/c d.jpg\n")
        // The terminal is the shell's again: no grid left on it.
        #expect(try !tmux.screen().joined().contains("marked"))
    }

    @Test func escapeWritesNothingAndExitsOne() async throws {
        let gallery = try #require(galleryExecutable())
        let folder = try pictures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.txt")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try await startPick("\(gallery) --pick \(folder.path) --render ascii > \(output.path)", in: tmux)
        try tmux.press("Space")
        try tmux.press("Escape")
        #expect(try await exitStatus(in: tmux) == "EXIT=1")
        #expect(try Data(contentsOf: output).isEmpty)
    }

    @Test func print0WithPathsFromStandardInputEndsEachWithANul() async throws {
        let gallery = try #require(galleryExecutable())
        let folder = try pictures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.bin")
        let tmux = try TmuxSession(columns: 120, rows: 40)
        // Keys come from /dev/tty while stdin holds the list; Enter without marks picks the selection.
        try await startPick("ls -d \(folder.path)/*.jpg | \(gallery) --pick --print0 --render ascii - > \(output.path)", in: tmux)
        try tmux.press("l")
        try tmux.press("l")
        try tmux.press("Enter")
        #expect(try await exitStatus(in: tmux) == "EXIT=0")
        #expect(try Data(contentsOf: output) == Data("\(folder.path)/c d.jpg\0".utf8))
    }
}
