/// A video playing, or paused, in the detail pane: what its status bar says.
public struct VideoPlaying: Sendable, Equatable {
    public var isPaused: Bool
    /// Seconds into the video of the frame shown.
    public var time: Double
    /// How long it plays, when its container says.
    public var duration: Duration?

    /// "▶ playing 0:02 / 0:05", "paused 0:02 / 0:05".
    public var text: String {
        let at = Self.clock(Int(time))
        let total = duration.map { " / " + Self.clock(Int(($0 / .seconds(1)).rounded())) } ?? ""
        return (isPaused ? "paused " : "▶ playing ") + at + total
    }

    /// "0:42", "1:02:03".
    static func clock(_ seconds: Int) -> String {
        VideoClip(duration: .seconds(seconds)).length ?? ""
    }
}
