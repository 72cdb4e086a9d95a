public import TerminalVocabulary

/// A video played on the clock, the one place its timing is decided (`gallery view` and the detail
/// pane both play through it): each frame is due at its own time from the start, and a frame whose
/// time is already over when it is decoded is dropped before its pixels are scaled (decoding it is
/// unavoidable, the next depends on it), so a terminal slower than the video shows fewer frames
/// rather than falling behind. The clock stops while paused and starts again from the frame shown
/// last.
///
/// Owns its `VideoFile`: use it from one task at a time.
public final class VideoPlayback {
    /// One frame to show: its pixels, its time in the video, and when the next one is due.
    public struct Frame: Sendable {
        public let image: RGBImage
        /// Seconds from the start of the video.
        public let time: Double
        /// When this frame's time is over on the clock.
        public let showUntil: ContinuousClock.Instant
    }

    /// The longest a run of dropped frames goes on before one is shown anyway, unless the decoding
    /// is catching up with the clock (at least half a second of lateness made up a second): a
    /// machine that cannot even decode in real time still shows the video moving, and one that
    /// draws slowly (a large sixel picture) but decodes fast still keeps the clock.
    public static let longestDrop = Duration.milliseconds(250)

    public let video: VideoFile
    /// Whether the end leads back to the start (`gallery view`, a video in the pane) or ends it.
    public let loops: Bool
    /// How long a frame stays when the next one's time is not known yet: the container's rate's
    /// frame, or 25 fps's.
    public let frameSeconds: Double
    /// When the video's time 0 is on the clock; nil before the first frame and while paused.
    private var start: ContinuousClock.Instant?
    /// The time of the frame shown last (0 before any).
    public private(set) var position = 0.0
    /// Whether a frame has been shown since the start (a video of no frames ends instead of looping).
    private var shownSinceStart = false
    /// Frames decoded and dropped.
    public private(set) var dropped = 0

    /// Plays `video` from its first frame (where it can seek there: a file just opened is at its
    /// start anyway).
    public init(_ video: VideoFile, loops: Bool) {
        (self.video, self.loops) = (video, loops)
        frameSeconds = 1 / (video.probe.framesPerSecond.map { min(max($0, 1), 240) } ?? 25)
        try? video.rewind()
    }

    /// Stops the clock: the next frame asked for is due a frame's time after it is asked for.
    public func pause() { start = nil }

    /// Starts the clock again now, as if the frame shown last had just been shown.
    public func restartClock() { start = .now - .seconds(position) }

    /// The next frame due, fitted inside `box`, dropping those whose time is over; nil at the end
    /// (when not looping, or when the file cannot go back to its start).
    public func nextFrame(fittingIn box: PixelSize) throws -> Frame? {
        if start == nil { restartClock() }
        let dropStart = ContinuousClock.now
        var firstLateness: Duration?
        var time: Double
        while true {
            guard let decoded = try video.decodeNextFrame() else {
                guard loops, shownSinceStart, (try? video.rewind()) != nil else { return nil }
                start = .now
                position = 0
                shownSinceStart = false
                continue
            }
            time = decoded
            // The first frame since a start is shown whatever the clock says.
            guard shownSinceStart else { break }
            let now = ContinuousClock.now
            let due = (start ?? now) + .seconds(time + frameSeconds)
            guard due < now else { break }
            let lateness = now - due, dropping = now - dropStart
            if let firstLateness, dropping >= Self.longestDrop, (firstLateness - lateness) * 2 < dropping { break }
            if firstLateness == nil { firstLateness = lateness }
            dropped += 1
        }
        shownSinceStart = true
        position = time
        let image = try video.currentFrame(fittingIn: box)
        return Frame(image: image, time: time, showUntil: (start ?? .now) + .seconds(time + frameSeconds))
    }
}
