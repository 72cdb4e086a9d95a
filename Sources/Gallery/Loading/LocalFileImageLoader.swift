/// `ImageLoading` for local files, as `DirectorySource` names them; it refuses URLs, which the
/// network loaders read.
public struct LocalFileImageLoader: ImageLoading {
    /// Default cap on one file's size.
    public static let defaultMaxBytes = 64 << 20

    private let maxBytes: Int
    public let desktopThumbnails: DesktopThumbnails?

    /// - Parameter desktopThumbnails: the freedesktop thumbnail cache to read and fill; nil: none.
    public init(maxBytes: Int = defaultMaxBytes, desktopThumbnails: DesktopThumbnails? = nil) {
        self.maxBytes = maxBytes
        self.desktopThumbnails = desktopThumbnails
    }

    /// The file's bytes; throws `GalleryError.unreadableFile` with the system's reason.
    public func imageData(at location: ImageLocation) async throws -> [UInt8] {
        guard case .file(let path) = location else {
            throw GalleryError.unreadableFile(name: "\(location)", reason: "not a local file")
        }
        return try LocalFile.read(path, maxBytes: maxBytes)
    }
}
