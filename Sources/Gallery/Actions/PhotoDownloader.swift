import OperatingSystem

/// Downloads a photo's original into a directory: `urls.full` (else `urls.raw`), written atomically
/// as `<sanitised id>.jpg`, then told to the source's download tracking.
public struct PhotoDownloader: Sendable {
    public let fetcher: any DownloadFetching
    /// Where files go; created when missing.
    public let directory: String
    /// Told about each finished download (Unsplash asks apps to call a photo's `download_location`).
    public let track: (@Sendable (LibraryItem) async -> Void)?

    public init(fetcher: any DownloadFetching, directory: String, track: (@Sendable (LibraryItem) async -> Void)? = nil) {
        self.fetcher = fetcher
        self.directory = directory
        self.track = track
    }

    /// The user's download folder (`XDGDirectories.downloads`).
    public static func defaultDirectory(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).downloads.description
    }

    /// The file name for a photo: its id with anything but letters, digits, `-` and `_` replaced by
    /// `_` (no path separators, no leading dot), plus `.jpg`.
    public static func fileName(for photo: LibraryItem) -> String {
        let safe = photo.id.unicodeScalars.map { scalar -> String in
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                                        || scalar == "-" || scalar == "_")
            return ok ? String(scalar) : "_"
        }.joined()
        let name = String(safe.prefix(100))
        return (name.isEmpty ? "photo" : name) + ".jpg"
    }

    /// The URL of the original; nil for an item with no picture on the web (a file has nothing to fetch).
    public static func originalURL(of photo: LibraryItem) -> String? {
        guard case .web(let picture)? = photo.picture else { return nil }
        return picture.original
    }

    /// Fetches and saves `photo`; returns the path written. A failure leaves no file behind.
    public func download(_ photo: LibraryItem, progress: @escaping @Sendable (DownloadProgress) -> Void) async throws -> String {
        guard let url = Self.originalURL(of: photo) else { throw GalleryError.nothingToDownload }
        let bytes = try await fetcher.download(url, progress: progress)
        try Task.checkCancellation()
        try File.makeDirectories(directory)
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName(for: photo)
        try File.writeAtomically(bytes, to: path)
        await track?(photo)
        return path
    }
}
