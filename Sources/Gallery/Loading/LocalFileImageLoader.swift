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

    public init(maxBytes: Int = defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// The file's bytes; throws `GalleryError.unreadableFile` with the system's reason.
    public func imageData(from url: String) async throws -> [UInt8] {
        guard let fileURL = URL(string: url), fileURL.isFileURL else {
            throw GalleryError.unreadableFile(name: url, reason: "not a local file URL")
        }
        return try LocalFile.read(fileURL.path, maxBytes: maxBytes)
    }
}
