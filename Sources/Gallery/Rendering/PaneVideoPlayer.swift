import Imaging
import OperatingSystem
import TerminalVocabulary

/// A video playing in the detail pane (a video item, a Live Photo's motion): its frames decoded on
/// the clock by `VideoPlayback`, as `gallery view` plays them, and each frame shown drawn for the
/// pane's cells as its poster is, but while it plays with the renderer's `forPlayingVideo` (a kitty
/// frame sent at reduced size), and the frame paused on drawn again in full (`pausedFrame`). An
/// actor: the pane's playing task asks it for frame after frame off the main actor, and a paused
/// video keeps its place in it.
actor PaneVideoPlayer {
    /// One frame drawn, its time in the video, and when the next is due.
    struct Frame: Sendable {
        let picture: RenderedPicture
        let time: Double
        let showUntil: ContinuousClock.Instant
        /// How long the video plays, when its container says.
        let length: Duration?
    }

    private let path: FilePath
    private let loops: Bool
    private let renderer: any ThumbnailRendering
    private let playingRenderer: any ThumbnailRendering
    private let cells: CellSize
    /// The last frame decoded, its time and how it was drawn playing: drawn again in full when
    /// the video pauses.
    private var lastFrame: (image: RGBImage, time: Double, played: RenderedPicture)?
    /// Opened at the first frame asked for, off the main actor.
    private var playback: VideoPlayback?
    /// Frames drawn so far, for tests.
    private(set) var framesDrawn = 0

    /// Opens the video at `path`; `loops`: the end leads back to the start (a video) or ends (a
    /// Live Photo's motion plays once).
    init(path: FilePath, loops: Bool, renderer: any ThumbnailRendering, cells: CellSize) {
        (self.path, self.loops, self.renderer, self.cells) = (path, loops, renderer, cells)
        playingRenderer = renderer.forPlayingVideo
    }

    /// The next frame due, drawn; nil at the end.
    func next() throws -> Frame? {
        let playback = try self.playback ?? open()
        guard let frame = try playback.nextFrame(fittingIn: renderer.pixelSize(cells: cells)) else { return nil }
        let picture = try playingRenderer.render(frame.image, cells: cells, fit: .contain)
        lastFrame = (frame.image, frame.time, picture)
        framesDrawn += 1
        return Frame(picture: picture, time: frame.time, showUntil: frame.showUntil, length: playback.video.probe.duration)
    }

    /// The last frame decoded drawn in full, as a still picture is, and its time: what a paused
    /// video shows, and where it goes on from (`VideoPlayback.restartClock`), though a pause
    /// that cancelled the playing task after it asked for this frame never showed it playing.
    /// nil before the first frame, or when it played in full.
    func pausedFrame() throws -> (picture: RenderedPicture, time: Double)? {
        guard let lastFrame else { return nil }
        let full = try renderer.render(lastFrame.image, cells: cells, fit: .contain)
        return full == lastFrame.played ? nil : (full, lastFrame.time)
    }

    /// The clock starts again from the frame shown last (after a pause).
    func resume() { playback?.restartClock() }

    private func open() throws -> VideoPlayback {
        let opened = VideoPlayback(try VideoFile(path: path), loops: loops)
        playback = opened
        return opened
    }
}
