import Foundation
import TestSupport
import Testing

/// The freedesktop thumbnail cache through the real binary: a first launch on a folder writes
/// the thumbnails, a video's poster's too, a second one draws them and decodes no original (each
/// decode is a debug line in the log) and loads no FFmpeg.
@Suite(.serialized) struct DesktopThumbnailsEndToEndTests {
    private let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg"]
    /// The 5-second, 64x36 H.264 clip of the Imaging fixtures, listed beside the photos.
    private static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImagingTests/Fixtures/clip.mp4")

    /// Launches gallery on `photos` with the cache in `cache`, waits for the grid and `ready`,
    /// and returns the screen, whether the app had FFmpeg's libavformat loaded once it was up,
    /// and the log once it has quit.
    private func launch(_ gallery: String, photos: URL, cache: URL, log: URL,
                        ready: @escaping () -> Bool) async throws -> (screen: [String], loadedFFmpeg: Bool?, log: String) {
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("XDG_CACHE_HOME=\(cache.path) \(gallery) --render ascii --verbose --log \(log.path) \(photos.path); echo EXIT=$?",
                      enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("\(names.count) photos · 1 video") && ready() }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        // Whatever is still to draw is drawn within this.
        try await Task.sleep(for: .seconds(1))
        let screen = try tmux.screen()
        let maps = Self.memoryMap(ofProcessGivenArgument: photos.path)
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
        return (screen, maps.map { $0.contains("libavformat") }, try String(contentsOf: log, encoding: .utf8))
    }

    /// `/proc/PID/maps` of the process whose arguments include `argument` (`gallery` became
    /// `gallery-app` by `execv`, its arguments kept): the libraries it has loaded.
    private static func memoryMap(ofProcessGivenArgument argument: String) -> String? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
        for pid in processes {
            guard let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  arguments.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == argument }) else { continue }
            // Read to its end, read after read: /proc's files say they are empty, and give a page a read.
            let maps = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")
            defer { try? maps?.close() }
            return (try? maps?.readToEnd()).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
        }
        return nil
    }

    @Test func aSecondLaunchDrawsTheDesktopsThumbnailsAndDecodesNoOriginal() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), root = scratch.url
        defer { scratch.remove() }
        let photos = root.appendingPathComponent("photos")
        let cache = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try await writeDemoJPEGs(names: names, into: photos)
        try FileManager.default.copyItem(at: Self.clip, to: photos.appendingPathComponent("clip.mp4"))
        // 64x48 photos and a 64x36 clip in ASCII cells: the 128-pixel class covers them.
        let folder = cache.appendingPathComponent("thumbnails/normal")
        let written = { (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.count) ?? 0 }

        let first = try await launch(gallery, photos: photos, cache: cache, log: root.appendingPathComponent("first.log")) {
            written() == names.count + 1
        }
        #expect(first.log.components(separatedBy: "decoded the original").count - 1 == names.count + 1, "\(first.log)")
        #expect(first.loadedFFmpeg == true, "the first launch probes the clip and decodes its poster with FFmpeg")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") }, "\(files)")
        let dates = try files.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date }

        let second = try await launch(gallery, photos: photos, cache: cache, log: root.appendingPathComponent("second.log")) { true }
        #expect(second.log.contains("configuration"), "the log is at debug level: \(second.log)")
        #expect(!second.log.contains("decoded the original"), "\(second.log)")
        #expect(second.loadedFFmpeg == false, "the clip's length and poster came from its thumbnail: FFmpeg was never loaded")
        #expect(second.screen == first.screen, "the same pictures, drawn from the thumbnails")
        let after = try files.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date }
        #expect(after == dates, "no thumbnail was written again")
    }
}
