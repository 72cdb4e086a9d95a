/// Where a local photo's date taken comes from: the one seam between the library and the
/// photo's metadata, so EXIF can be wired in one place.
public struct DateTaken: Sendable {
    /// Seconds since 1970 at which the photo at `path` was taken; nil when the file does not say.
    public let seconds: @Sendable (_ path: String) -> Int?

    public init(seconds: @escaping @Sendable (_ path: String) -> Int?) {
        self.seconds = seconds
    }

    /// Knows no dates. Until Imaging reads EXIF, this is what folders use: ordering by `taken`
    /// then falls back to each file's modification time, and the detail pane says "Modified",
    /// never "Taken". The integrator replaces it with Imaging's EXIF reader in `DirectorySource`.
    public static let unknown = DateTaken { _ in nil }
}
