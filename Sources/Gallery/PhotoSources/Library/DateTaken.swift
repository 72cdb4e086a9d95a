import Imaging
public import OperatingSystem

/// Where a local photo's date taken comes from: the one seam between the library and the
/// photo's metadata, so EXIF can be wired in one place.
public struct DateTaken: Sendable {
    /// The date from the file at a path, given the start of that file when the caller has
    /// already read it (nil: read it if needed).
    private let read: @Sendable (_ path: FilePath, _ header: [UInt8]?) -> Int?

    /// Dates from `seconds`, which is given a path alone.
    public init(seconds: @escaping @Sendable (_ path: FilePath) -> Int?) {
        read = { path, _ in seconds(path) }
    }

    private init(reading read: @escaping @Sendable (_ path: FilePath, _ header: [UInt8]?) -> Int?) {
        self.read = read
    }

    /// Seconds since 1970 at which the photo at `path` was taken; nil when the file does not say.
    /// `header`, what `DirectorySource.header(ofFile:)` read when the caller read it for its
    /// dimensions, saves reading it again.
    public func seconds(_ path: FilePath, header: [UInt8]? = nil) -> Int? {
        read(path, header)
    }

    /// Knows no dates: ordering by `taken` falls back to each file's modification time, and the
    /// detail pane says "Modified", never "Taken".
    public static let unknown = DateTaken { _ in nil }

    /// The date the photo's Exif gives (DateTimeOriginal, else DateTime), from the start of the
    /// file, where its dimensions are read too.
    public static let exif = DateTaken(reading: { path, header in
        guard let header = header ?? DirectorySource.header(ofFile: path) else { return nil }
        return PhotoMetadata(readingFile: header).dateTaken?.secondsSince1970AsUTC
    })
}
