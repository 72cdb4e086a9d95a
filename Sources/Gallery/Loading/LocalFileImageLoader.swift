#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `ImageLoading` for `file://` URLs, as `DirectorySource` makes them. The network client refuses
/// `file://`, and this loader refuses everything else.
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
    public func imageData(from url: String) async throws -> [UInt8] {
        try LocalFile.read(Self.path(of: url), maxBytes: maxBytes)
    }

    /// The path of a `file://` URL.
    static func path(of url: String) throws -> String {
        guard let fileURL = URL(string: url), fileURL.isFileURL else {
            throw GalleryError.unreadableFile(name: url, reason: "not a local file URL")
        }
        return fileURL.path
    }
}
