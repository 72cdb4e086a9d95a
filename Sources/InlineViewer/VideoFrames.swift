import Imaging

/// A video's frames for `AnimationPlayer`, rendered as they fall due on the clock (`VideoPlayback`
/// decides which: late ones are dropped unrendered). At the end it plays again from the start,
/// as an animation does.
struct VideoFrames: AnimationSource {
    private let playback: VideoPlayback
    private let renderer: InlineImageRenderer
    private let imageID: UInt32
    /// The first frame, rendered to learn the rows the picture covers.
    private var first: AnimationFrame?
    /// Frames decoded and dropped, for tests.
    var dropped: Int { playback.dropped }

    /// The rows of cells the picture covers.
    let rows: Int

    /// Starts `video` from its first frame; nil when it has none.
    init?(_ video: VideoFile, renderer: InlineImageRenderer, imageID: UInt32) throws {
        (self.renderer, self.imageID) = (renderer, imageID)
        playback = VideoPlayback(video, loops: true)
        guard let frame = try playback.nextFrame(fittingIn: renderer.pixelBox) else { return nil }
        let drawn = try renderer.draw(frame.image, imageID: imageID)
        rows = drawn.rows
        first = AnimationFrame(bytes: drawn.bytes, milliseconds: Int(playback.frameSeconds * 1000))
    }

    mutating func next() throws -> AnimationFrame? {
        if let first {
            self.first = nil
            // The clock starts when the first frame is shown, not when it was decoded.
            playback.restartClock()
            return first
        }
        guard let frame = try playback.nextFrame(fittingIn: renderer.pixelBox) else { return nil }
        let drawn = try renderer.draw(frame.image, imageID: imageID)
        // Shown until the next frame is due, less the time this one took to draw.
        return AnimationFrame(bytes: drawn.bytes, milliseconds: max(0, Int((frame.showUntil - .now) / .milliseconds(1))))
    }
}
