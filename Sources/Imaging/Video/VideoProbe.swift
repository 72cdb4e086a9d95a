public import TerminalVocabulary

/// What a video's container says about it, read by `VideoFile` without decoding a frame. The
/// file's text reaches no one raw: the codec's name is stripped of control characters as Exif
/// text is, the date and the position are kept only when well-formed.
public struct VideoProbe: Sendable, Equatable {
    /// How long it plays, when the container says.
    public var duration: Duration?
    /// The picture's size as shown, `orientation` applied.
    public var size: PixelSize
    /// Frames a second (29.97 as 30000/1001), when the container says.
    public var framesPerSecond: Double?
    /// libavcodec's short name of the codec: "h264", "hevc", "vp9", "mpeg4".
    public var codec: String
    /// When it was recorded: the container's `creation_time`, which MP4 and QuickTime keep in UTC.
    public var recorded: PhotoDate?
    /// Where it was recorded: the ISO 6709 location phones write.
    public var position: GPSPosition?
    /// How each decoded frame is turned upright: the display matrix's quarter turn.
    public var orientation: ImageOrientation
    /// Whether the file holds a cover picture, which is then its poster.
    public var hasCover: Bool

    public init(duration: Duration?, size: PixelSize, framesPerSecond: Double?, codec: String, recorded: PhotoDate?,
                position: GPSPosition?, orientation: ImageOrientation, hasCover: Bool) {
        (self.duration, self.size, self.framesPerSecond, self.codec) = (duration, size, framesPerSecond, codec)
        (self.recorded, self.position, self.orientation, self.hasCover) = (recorded, position, orientation, hasCover)
    }

    /// The orientation that turns a picture `clockwise` degrees (a quarter turn) upright.
    static func orientation(clockwise degrees: Int) -> ImageOrientation {
        switch degrees {
        case 90: .rotatedRight
        case 180: .upsideDown
        case 270: .rotatedLeft
        default: .up
        }
    }
}

extension GPSPosition {
    /// Parses an ISO 6709 point as phones write it in a video's `location` tag: latitude and
    /// longitude each with a sign, in degrees (`+48.8577+002.2950`), degrees and minutes
    /// (`+4851.46+00217.70`) or degrees, minutes and seconds, told by the count of whole digits;
    /// an altitude and the closing `/` may follow. Nil for anything else.
    public init?(iso6709 text: some Collection<UInt8>) {
        var rest = Array(text)[...]
        func coordinate(degreeDigits: Int) -> Double? {
            guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            rest = rest.dropFirst()
            let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }
            rest = rest.dropFirst(digits.count)
            let whole = digits.prefix { $0 != UInt8(ascii: ".") }
            guard !whole.isEmpty, digits.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
                  let value = Double(String(decoding: digits, as: UTF8.self)) else { return nil }
            // DD.D, DDMM.M or DDMMSS.S (one digit more for longitude's degrees).
            let magnitude: Double
            switch whole.count {
            case degreeDigits: magnitude = value
            case degreeDigits + 2:
                let degrees = (value / 100).rounded(.down), minutes = value - degrees * 100
                guard minutes < 60 else { return nil }
                magnitude = degrees + minutes / 60
            case degreeDigits + 4:
                let degrees = (value / 10_000).rounded(.down), minutes = ((value - degrees * 10_000) / 100).rounded(.down)
                let seconds = value - degrees * 10_000 - minutes * 100
                guard minutes < 60, seconds < 60 else { return nil }
                magnitude = degrees + minutes / 60 + seconds / 3600
            default: return nil
            }
            return sign == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        guard let latitude = coordinate(degreeDigits: 2), let longitude = coordinate(degreeDigits: 3) else { return nil }
        // An altitude, a coordinate reference system ("CRSWGS_84") and "/" may follow; nothing is read of them.
        if let next = rest.first, ![UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "C")].contains(next) {
            return nil
        }
        self.init(latitude: latitude, longitude: longitude)
    }
}
