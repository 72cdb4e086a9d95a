import Foundation
import Testing
import TestSupport

/// What a C library prints on stderr while the app's grid is up goes to the log as a warning.
@Suite(.serialized) struct LibraryChatterEndToEndTests {
    @Test func dav1dsComplaintIsALogWarningNeverOnTheScreen() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ImagingTests/Fixtures").standardized.path
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtures + "/coffee.avif")))
        // The first OBU's type made 0: dav1d prints "Unknown OBU type 0 of size 5504" itself.
        let payload = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("mdat".utf8)) }) + 4
        bytes[payload] = 0
        try FileManager.default.createDirectory(atPath: folder + "/pictures", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/pictures/damaged.avif"))
        let log = folder + "/gallery.log"

        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.type("\(gallery) \(folder)/pictures --render ascii --log \(log); echo EXIT=$?", enter: true)
        let failed = try await tmux.waitFor { $0.joined().contains("1 photo") && $0.joined().contains("HEIF") }
        #expect(failed.ok, "\(failed.screen.joined(separator: "\n"))")
        #expect(!failed.screen.joined().contains("OBU"), "dav1d's line reached the screen")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains(" warning gallery: Unknown OBU type 0 of size"), "\(logged)")
    }
}
