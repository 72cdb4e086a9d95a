/// What a video file's container says, for its tile and the detail pane: all optional, as a
/// damaged or unusual file may say nothing.
public struct VideoClip: Sendable, Equatable {
    /// How long it plays.
    public var duration: Duration?
    public var framesPerSecond: Double?
    /// The codec's name ("h264"), its text stripped of control characters.
    public var codec: String?

    public init(duration: Duration? = nil, framesPerSecond: Double? = nil, codec: String? = nil) {
        self.duration = duration
        self.framesPerSecond = framesPerSecond
        self.codec = codec
    }

    /// "0:42" ("1:02:03" with hours); nil when the container does not say.
    public var length: String? {
        guard let duration else { return nil }
        let seconds = Int((duration / .seconds(1)).rounded())
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return hours > 0 ? "\(hours):\(Self.twoDigits(minutes)):\(Self.twoDigits(rest))" : "\(minutes):\(Self.twoDigits(rest))"
    }

    /// "▶ 0:42" on its tile; "▶" alone when the length is unknown.
    public var badge: String { length.map { "▶ " + $0 } ?? "▶" }

    /// "Video: 0:42 · 29.97 fps · h264", what the detail pane says of it.
    public var detailLine: String {
        var parts = [length ?? "length unknown"]
        if let framesPerSecond, framesPerSecond.isFinite, framesPerSecond > 0 {
            let rounded = (framesPerSecond * 100).rounded() / 100
            parts.append("\(rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) fps")
        }
        if let codec, !codec.isEmpty { parts.append(codec) }
        return "Video: " + parts.joined(separator: " · ")
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
