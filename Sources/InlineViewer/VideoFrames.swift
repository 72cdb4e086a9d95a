import Imaging

/// A video's frames for `AnimationPlayer`, decoded and rendered as they fall due on the clock:
/// a frame whose time is already over when it is decoded is dropped unrendered (decoding it is
/// unavoidable, the next depends on it), so a terminal slower than the video shows fewer frames
/// rather than falling behind. At the end it plays again from the start, as an animation does.
struct VideoFrames: AnimationSource {
    /// The longest a run of dropped frames goes on before one is drawn anyway, so that a machine
    /// that cannot even decode in real time still shows the video moving.
    static let longestDrop = Duration.milliseconds(250)

    private let video: VideoFile
    private let renderer: InlineImageRenderer
    private let imageID: UInt32
    /// How long a frame stays when the next one's time is not known yet: the container's rate's
    /// frame, or 25 fps's.
    private let frameSeconds: Double
    /// When the video's time 0 is (or was) on the clock; set when the first frame is shown.
    private var start: ContinuousClock.Instant?
    /// The first frame, rendered to learn the rows the picture covers.
    private var first: AnimationFrame?
    /// Whether a frame has been shown since the start (a video of no frames ends instead of looping).
    private var shownSinceStart = false
    /// Frames decoded and dropped, for tests.
    private(set) var dropped = 0

    /// The rows of cells the picture covers.
    let rows: Int

    /// Starts `video` from its first frame (where it can seek there: a file just opened is at
    /// its start anyway); nil when it has none.
    init?(_ video: VideoFile, renderer: InlineImageRenderer, imageID: UInt32) throws {
        (self.video, self.renderer, self.imageID) = (video, renderer, imageID)
        frameSeconds = 1 / (video.probe.framesPerSecond.map { min(max($0, 1), 240) } ?? 25)
        try? video.rewind()
        guard try video.decodeNextFrame() != nil else { return nil }
        let drawn = try renderer.draw(video.currentFrame(fittingIn: renderer.pixelBox), imageID: imageID)
        rows = drawn.rows
        first = AnimationFrame(bytes: drawn.bytes, milliseconds: Int(frameSeconds * 1000))
    }

    mutating func next() throws -> AnimationFrame? {
        if let first {
            self.first = nil
            start = .now
            shownSinceStart = true
            return first
        }
        let dropStart = ContinuousClock.now
        var time: Double
        while true {
            guard let decoded = try video.decodeNextFrame() else {
                // A file that cannot seek back (or has no frame) has played once: the end.
                guard shownSinceStart, (try? video.rewind()) != nil else { return nil }
                start = .now
                shownSinceStart = false
                continue
            }
            time = decoded
            let due = (start ?? .now) + .seconds(time + frameSeconds)
            if due >= .now || ContinuousClock.now - dropStart >= Self.longestDrop { break }
            dropped += 1
        }
        shownSinceStart = true
        let drawn = try renderer.draw(video.currentFrame(fittingIn: renderer.pixelBox), imageID: imageID)
        // Shown until the next frame is due, less the time this one took to draw.
        let next = (start ?? .now) + .seconds(time + frameSeconds)
        return AnimationFrame(bytes: drawn.bytes, milliseconds: max(0, Int((next - .now) / .milliseconds(1))))
    }
}
