import Imaging
import OperatingSystem
import TerminalVocabulary

/// What a listing needs of a video's container (its tile's length, its size upright, the detail
/// pane's line, the date it was recorded), kept in its poster's desktop thumbnail, so a folder
/// whose posters are cached lists its videos without loading FFmpeg. Written as the spec's
/// `Thumb::Image::Width`, `Thumb::Image::Height` and `Thumb::Movie::Length` (whole seconds, for
/// other programs) and our own keys for the rest, read back strictly: a thumbnail written by
/// another program, or one whose values make no sense, gives nil, and the file is probed.
struct VideoFacts: Sendable, Equatable {
    var clip: VideoClip
    /// The picture's size as shown (the display matrix applied).
    var size: PixelSize
    var recorded: PhotoDate?

    init(clip: VideoClip, size: PixelSize, recorded: PhotoDate?) {
        (self.clip, self.size, self.recorded) = (clip, size, recorded)
    }

    init(_ probe: VideoProbe) {
        self.init(clip: VideoClip(duration: probe.duration, framesPerSecond: probe.framesPerSecond, codec: probe.codec),
                  size: probe.size, recorded: probe.recorded)
    }

    private enum Key {
        static let width = "Thumb::Image::Width"
        static let height = "Thumb::Image::Height"
        static let length = "Thumb::Movie::Length"
        /// The exact length, in milliseconds (as FFmpeg's probe gives it).
        static let milliseconds = "X-Gallery::Video::Milliseconds"
        /// Frames a second, as Swift prints a `Double` (which reads back to the same value).
        static let rate = "X-Gallery::Video::Rate"
        static let codec = "X-Gallery::Video::Codec"
        /// The wall-clock reading recorded, as `PhotoDate.secondsSince1970AsUTC`.
        static let recorded = "X-Gallery::Video::Recorded"
    }

    /// The thumbnail's text keys for these facts.
    var text: [(keyword: String, text: String)] {
        var text: [(keyword: String, text: String)] = [(Key.width, String(size.width)), (Key.height, String(size.height)),
                                                       (Key.codec, clip.codec ?? "")]
        if let duration = clip.duration {
            let (seconds, attoseconds) = duration.components
            text += [(Key.length, String(Int((duration / .seconds(1)).rounded()))),
                     (Key.milliseconds, String(seconds * 1000 + attoseconds / 1_000_000_000_000_000))]
        }
        if let rate = clip.framesPerSecond { text.append((Key.rate, String(rate))) }
        if let recorded { text.append((Key.recorded, String(recorded.secondsSince1970AsUTC))) }
        return text
    }

    /// The facts `text` holds, when it holds ours and each value is one FFmpeg's probe could give.
    init?(text: [String: String]) {
        guard let codec = text[Key.codec], let width = text[Key.width].flatMap(Int.init), let height = text[Key.height].flatMap(Int.init),
              (0...65_535).contains(width), (0...65_535).contains(height) else { return nil }
        var clip = VideoClip(codec: codec.isEmpty ? nil : DesktopThumbnails.printable(codec))
        if let value = text[Key.milliseconds] {
            guard let milliseconds = Int64(value), (0..<1_000_000_000_000).contains(milliseconds) else { return nil }
            clip.duration = .milliseconds(milliseconds)
        }
        if let value = text[Key.rate] {
            guard let rate = Double(value), rate > 0, rate < 10_000 else { return nil }
            clip.framesPerSecond = rate
        }
        var recorded: PhotoDate?
        if let value = text[Key.recorded] {
            guard let seconds = Int(value), let date = PhotoDate(secondsSince1970AsUTC: seconds) else { return nil }
            recorded = date
        }
        self.init(clip: clip, size: PixelSize(width: width, height: height), recorded: recorded)
    }
}

extension DesktopThumbnails {
    /// What the valid thumbnail of the video at `path` (as a listing read it: its size and
    /// modification time) keeps of its container; nil when no thumbnail of it holds our facts.
    func videoFacts(ofFileAt path: FilePath, size: Int, modifiedSeconds: Int) -> VideoFacts? {
        guard let original = original(path: path, size: size, modifiedSeconds: modifiedSeconds),
              let text = text(of: original) else { return nil }
        return VideoFacts(text: text)
    }
}
