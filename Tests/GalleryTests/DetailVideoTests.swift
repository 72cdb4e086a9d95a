import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import TestSupport
import Testing
@testable import Gallery

/// A video plays in the detail pane on the clock (Imaging's 5 s, 10 fps clip, each frame another
/// grey: Fixtures/make-video-fixtures.sh); Space pauses and goes on, Esc stops the decoding; a Live
/// Photo's motion plays once on Space, then its still is back.
@MainActor
@Suite("Video in the detail pane", .serialized, .timeLimit(.minutes(1)))
struct DetailVideoTests {
    /// A pane over `name` in a folder holding clip.mp4, and IMG_1.JPG with IMG_1.MOV (1 s), drawing
    /// half-blocks.
    private func pane(on name: String, renderer: ThumbnailRenderer = ThumbnailRenderer(mode: .halfblock, cell: .textCell),
                      area: CellSize = CellSize(columns: 12, rows: 6)) async throws -> (TemporaryDirectory, PhotoDetailViewModel) {
        let folder = try TemporaryDirectory()
        try folder.write(Array(try Data(contentsOf: CompanionFilesTests.fixtures.appendingPathComponent("clip.mp4"))), to: "clip.mp4")
        try folder.write(Array(try Data(contentsOf: CompanionFilesTests.fixtures.appendingPathComponent("rotated.mov"))), to: "IMG_1.MOV")
        try folder.write(try JPEGCodec.encode(RGBImage(width: 32, height: 36, filledWith: RGB(0, 200, 0))), to: "IMG_1.JPG")
        let source = try DirectorySource(path: FilePath(folder.path))
        let photo = try await source.photo(id: folder.path + "/" + name)
        let viewModel = PhotoDetailViewModel(photo: photo, source: source, loader: LocalFileImageLoader(),
                                             renderer: renderer)
        viewModel.update(.imageArea(area))
        return (folder, viewModel)
    }

    @Test func aVideoPlaysOnTheClockFromWhenItsPosterIsUp() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let (folder, viewModel) = try await pane(on: "clip.mp4")
        defer { folder.remove() }
        await viewModel.until { viewModel.playing != nil && viewModel.frameIndex >= 1 }
        let started = ContinuousClock.now
        let firstTime = try #require(viewModel.playing?.time)
        var pictures: Set<[String]> = []
        await viewModel.until {
            if case .loaded(let picture)? = viewModel.image { pictures.insert(picture.lines) }
            return (viewModel.playing?.time ?? 0) >= firstTime + 1
        }
        let elapsed = ContinuousClock.now - started
        // A second of video takes a second: not faster (frames early), nor much slower (behind the clock).
        #expect(elapsed >= .milliseconds(850) && elapsed < .milliseconds(2_500), "\(elapsed)")
        #expect(pictures.count >= 3, "the frames change: \(pictures.count) pictures")
        #expect(viewModel.playing?.text.hasPrefix("▶ playing 0:0") == true)
        #expect(viewModel.playing?.text.hasSuffix(" / 0:05") == true, "\(viewModel.playing?.text ?? "")")
    }

    @Test func spacePausesAndTheFrameHoldsThenPlaysOn() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let (folder, viewModel) = try await pane(on: "clip.mp4")
        defer { folder.remove() }
        await viewModel.until { viewModel.frameIndex >= 3 }
        viewModel.update(.playPause)
        let paused = try #require(viewModel.playing)
        #expect(paused.isPaused && paused.text.hasPrefix("paused "))
        let (frame, image) = (viewModel.frameIndex, viewModel.image)
        // Nothing is sent while paused: there is no message to await, so the test waits three frames' time.
        try await Task.sleep(for: .milliseconds(300))
        #expect(viewModel.frameIndex == frame && viewModel.image == image && viewModel.playing == paused)
        viewModel.update(.playPause)
        #expect(viewModel.playing?.isPaused == false)
        await viewModel.until { viewModel.frameIndex > frame }
        // It goes on from where it paused, not from the start or from where the clock would be.
        let time = try #require(viewModel.playing?.time)
        #expect(time > paused.time && time < paused.time + 0.35, "paused at \(paused.time), went on at \(time)")
    }

    @Test func escapeStopsTheDecoding() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let (folder, viewModel) = try await pane(on: "clip.mp4")
        defer { folder.remove() }
        await viewModel.until { viewModel.frameIndex >= 2 }
        let playing = try #require(viewModel.playbackTask)
        viewModel.update(.close)
        // The task ends (a task that went on decoding would never end: the clip loops).
        await playing.value
        #expect(viewModel.playing == nil && viewModel.frameIndex == 0)
    }

    @Test func aLivePhotoShowsItsStillAndSpacePlaysTheMotionOnce() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let (folder, viewModel) = try await pane(on: "IMG_1.JPG")
        defer { folder.remove() }
        await viewModel.until { if case .loaded? = viewModel.image { true } else { false } }
        let still = viewModel.image
        #expect(viewModel.playing == nil, "the motion waits for Space")
        viewModel.update(.playPause)
        await viewModel.until { viewModel.frameIndex >= 1 }
        #expect(viewModel.image != still)
        #expect(viewModel.playing?.text == "▶ playing 0:00 / 0:01", "the motion's length, once it is open")
        // The 1 s motion plays once, then the still is back.
        await viewModel.until { viewModel.playing == nil }
        #expect(viewModel.image == still && viewModel.frameIndex == 0 && viewModel.errorMessage == nil)
    }

    /// In kitty, a playing frame is sent reduced (at most 250 KB of base64) over the poster's
    /// cells, and the frame paused on is sent again in full, then playing goes on reduced.
    @Test func kittyPlaysReducedFramesAndShowsThePausedOneInFull() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        // 80x30 cells of 10x20 pixels: the 16:9 clip in full is 800x450 pixels over 80x23 cells.
        let (folder, viewModel) = try await pane(on: "clip.mp4", renderer: ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20)),
                                                 area: CellSize(columns: 80, rows: 30))
        defer { folder.remove() }
        let kitty = { try #require(viewModel.image?.thumbnail?.kitty) }
        await viewModel.until { if case .loaded? = viewModel.image { true } else { false } }
        let poster = try kitty()
        #expect(poster.storedBytes == 800 * 450 * 3)
        await viewModel.until { viewModel.playing != nil && viewModel.frameIndex >= 2 }
        let playing = try kitty()
        #expect(playing.storedBytes <= ThumbnailRenderer.playingVideoKittyPixels * 3 && playing.transmission.count <= 252_000,
                "\(playing.storedBytes) pixel bytes, \(playing.transmission.count) sent")
        #expect(playing.placement == KittyGraphics.place(id: playing.id, columns: 80, rows: 23))
        #expect(poster.placement == KittyGraphics.place(id: poster.id, columns: 80, rows: 23))

        viewModel.update(.playPause)
        let frame = viewModel.frameIndex
        await viewModel.until { viewModel.frameIndex > frame }
        let paused = try kitty()
        #expect(viewModel.playing?.isPaused == true)
        #expect(paused.storedBytes == 800 * 450 * 3 && paused.placement == KittyGraphics.place(id: paused.id, columns: 80, rows: 23))

        viewModel.update(.playPause)
        await viewModel.until { viewModel.frameIndex > frame + 1 }
        #expect(try kitty().storedBytes <= ThumbnailRenderer.playingVideoKittyPixels * 3)
    }
}
