import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import TestSupport
import Testing
@testable import Gallery

private let benchClip = ProcessInfo.processInfo.environment["GALLERY_PLAYBACK_CLIP"]

/// How many frames a second the detail pane shows of a clip (`GALLERY_PLAYBACK_CLIP`, a 1080p 30 fps
/// H.264 clip in BENCHMARKS.md) in a 120x40 terminal's pane, and that the video keeps the clock:
/// a measurement, run by hand (BENCHMARKS.md says how), not a test of `make test`.
@MainActor
@Suite(.serialized, .enabled(if: benchClip != nil, "GALLERY_PLAYBACK_CLIP names no clip"))
struct PanePlaybackBench {
    @Test(arguments: [RenderMode.halfblock, .kitty, .sixel]) func framesPerSecond(_ mode: RenderMode) async throws {
        let clip = try #require(benchClip)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.copyItem(atPath: clip, toPath: folder.path + "/clip.mp4")
        let source = try DirectorySource(path: FilePath(folder.path))
        let photo = try await source.photo(id: folder.path + "/clip.mp4")
        let cell = mode == .halfblock ? PixelSize.textCell : PixelSize(width: 9, height: 18)
        let viewModel = PhotoDetailViewModel(photo: photo, source: source, loader: LocalFileImageLoader(),
                                             renderer: ThumbnailRenderer(mode: mode, cell: cell))
        // 120x40's detail pane: the picture's area beside the text.
        viewModel.update(.imageArea(CellSize(columns: 79, rows: 39)))
        await viewModel.until { viewModel.frameIndex >= 1 }
        let (start, first, firstTime) = (ContinuousClock.now, viewModel.frameIndex, viewModel.playing?.time ?? 0)
        try await Task.sleep(for: .seconds(3))
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        let shown = Double(viewModel.frameIndex - first) / seconds
        let videoSeconds = (viewModel.playing?.time ?? 0) - firstTime
        // The clock is kept whatever the terminal: late frames are dropped, never shown late.
        #expect(abs(videoSeconds - seconds) < 0.3, "video \(videoSeconds) s in \(seconds) s")
        print("BENCH \(mode): \(String(format: "%.1f", shown)) frames shown a second; video \(String(format: "%.2f", videoSeconds)) s in \(String(format: "%.2f", seconds)) s")
        viewModel.update(.close)
    }
}
