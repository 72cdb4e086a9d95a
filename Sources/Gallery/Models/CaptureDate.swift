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
    /// The zone `date` was read in, in minutes east of UTC, when the file said (Exif's
    /// OffsetTimeOriginal): shown beside the date, never applied to it.
    public let offsetMinutes: Int?

    public init(date: PhotoDate, source: Source, offsetMinutes: Int? = nil) {
        self.date = date
        self.source = source
        self.offsetMinutes = offsetMinutes
    }

    /// The one decision of a file's date: what it recorded (`recorded`, its Exif or container,
    /// with its zone), else what its name says (`FileNameDate`), else its modification time.
    /// Both a listing's order by date taken and the items decide through here.
    static func of(recorded: PhotoDate?, offsetMinutes: Int? = nil, name: @autoclosure () -> FilePath,
                   modifiedSeconds: Int) -> CaptureDate? {
        if let recorded { return CaptureDate(date: recorded, source: .recorded, offsetMinutes: offsetMinutes) }
        // The name, a path's last part made anew, only when the file records no date: a listing
        // of 100,000 dated photos by date made each one's for nothing.
        if let named = FileNameDate.date(ofName: name()) { return CaptureDate(date: named, source: .fileName) }
        return CaptureDate(modifiedSeconds: modifiedSeconds)
    }

    /// A file's modification time (seconds since 1970) as the user's clock read it.
    public init?(modifiedSeconds: Int) {
        let local = LocalTime(secondsSince1970: modifiedSeconds)
        guard let date = PhotoDate(year: local.year, month: local.month, day: local.day,
                                   hour: local.hour, minute: local.minute, second: local.second) else { return nil }
        self.init(date: date, source: .modified)
    }
}
