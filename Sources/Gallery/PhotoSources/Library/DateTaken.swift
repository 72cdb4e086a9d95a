import Imaging

/// Where a local photo's date taken comes from: the one seam between the library and the
/// photo's metadata, so EXIF can be wired in one place.
public struct DateTaken: Sendable {
    /// Seconds since 1970 at which the photo at `path` was taken; nil when the file does not say.
    public let seconds: @Sendable (_ path: String) -> Int?

    public init(seconds: @escaping @Sendable (_ path: String) -> Int?) {
        self.seconds = seconds
    }

    /// Knows no dates: ordering by `taken` falls back to each file's modification time, and the
    /// detail pane says "Modified", never "Taken".
    public static let unknown = DateTaken { _ in nil }

    /// The date the photo's Exif gives (DateTimeOriginal, else DateTime), read from the start of
    /// the file as its dimensions are.
    public static let exif = DateTaken { path in
        guard let header = try? LocalFile.readPrefix(path, count: DirectorySource.headerBytes) else { return nil }
        return PhotoMetadata(reading: header).dateTaken?.secondsSince1970AsUTC
    }
}
