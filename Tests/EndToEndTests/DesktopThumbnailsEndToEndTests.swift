import Foundation
import TestSupport
import Testing

/// The freedesktop thumbnail cache through the real binary: a first launch on a folder writes
/// the thumbnails, a second one draws them and decodes no original (each decode is a debug line
/// in the log).
@Suite(.serialized) struct DesktopThumbnailsEndToEndTests {
    private let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg"]

    /// Launches gallery on `photos` with the cache in `cache`, waits for the grid and `ready`,
    /// and returns the screen and the log once it has quit.
    private func launch(_ gallery: String, photos: URL, cache: URL, log: URL,
                        ready: @escaping () -> Bool) async throws -> (screen: [String], log: String) {
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("XDG_CACHE_HOME=\(cache.path) \(gallery) --render ascii --verbose --log \(log.path) \(photos.path); echo EXIT=$?",
                      enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("\(names.count) photos") && ready() }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        // Whatever is still to draw is drawn within this.
        try await Task.sleep(for: .seconds(1))
        let screen = try tmux.screen()
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        return (screen, try String(contentsOf: log, encoding: .utf8))
    }

    @Test func aSecondLaunchDrawsTheDesktopsThumbnailsAndDecodesNoOriginal() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), root = scratch.url
        defer { scratch.remove() }
        let photos = root.appendingPathComponent("photos")
        let cache = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try await writeDemoJPEGs(names: names, into: photos)
        // 64x48 photos in ASCII cells: the 128-pixel class covers them.
        let folder = cache.appendingPathComponent("thumbnails/normal")
        let written = { (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.count) ?? 0 }

        let first = try await launch(gallery, photos: photos, cache: cache, log: root.appendingPathComponent("first.log")) {
            written() == names.count
        }
        #expect(first.log.components(separatedBy: "decoded the original").count - 1 == names.count, "\(first.log)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") }, "\(files)")
        let dates = try files.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date }

        let second = try await launch(gallery, photos: photos, cache: cache, log: root.appendingPathComponent("second.log")) { true }
        #expect(second.log.contains("configuration"), "the log is at debug level: \(second.log)")
        #expect(!second.log.contains("decoded the original"), "\(second.log)")
        #expect(second.screen == first.screen, "the same pictures, drawn from the thumbnails")
        let after = try files.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date }
        #expect(after == dates, "no thumbnail was written again")
    }
}
