public import Imaging
import OperatingSystem

/// When a photo or video was taken, as far as its files tell, and how that was found: what a
/// listing ordered by date taken sorts by, what the timeline files an item under, and what the
/// detail pane names.
public struct CaptureDate: Sendable, Hashable {
    /// Where the date came from, best first.
    public enum Source: Sendable, Hashable {
        /// The photo's Exif (DateTimeOriginal, else DateTime), or a video's container.
        case recorded
        /// A pattern in the file's name (`IMG_20230714_101500`, `WhatsApp Image 2023-07-14 at 10.15.00`).
        case fileName
        /// The file's modification time: nothing else told.
        case modified
    }

    /// The wall-clock reading where it was taken (Exif gives no zone); a modification time is the
    /// user's clock at that instant.
    public let date: PhotoDate
    public let source: Source

    public init(date: PhotoDate, source: Source) {
        self.date = date
        self.source = source
    }

    /// A file's modification time (seconds since 1970) as the user's clock read it.
    public init?(modifiedSeconds: Int) {
        let local = LocalTime(secondsSince1970: modifiedSeconds)
        guard let date = PhotoDate(year: local.year, month: local.month, day: local.day,
                                   hour: local.hour, minute: local.minute, second: local.second) else { return nil }
        self.init(date: date, source: .modified)
    }

    /// What the file recorded (wall-clock seconds, `PhotoDate.secondsSince1970AsUTC`: its Exif, a
    /// video's container); nil when it recorded nothing.
    init?(recordedSeconds: Int?) {
        guard let date = recordedSeconds.flatMap(PhotoDate.init(secondsSince1970AsUTC:)) else { return nil }
        self.init(date: date, source: .recorded)
    }

    /// The best of what the file recorded and its modification time, as wall-clock seconds: what a
    /// listing ordered by date taken sorts by, so the order is the timeline's.
    static func sortSeconds(recordedSeconds: Int?, modifiedSeconds: Int) -> Int {
        recordedSeconds ?? CaptureDate(modifiedSeconds: modifiedSeconds)?.date.secondsSince1970AsUTC ?? modifiedSeconds
    }
}
