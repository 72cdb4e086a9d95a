#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Imaging
import OperatingSystem

/// A `PhotoSource` over a local folder of photos (the formats `ImageFormat` knows): pages of the
/// listing sorted by name, images read by `LocalFileImageLoader`. Works offline.
///
/// Files are recognised by their first bytes, not their names; other files are skipped. A file
/// named like an image that cannot be read (a dangling link, a folder, no permission) is still
/// listed, so its cell shows why it failed instead of the photo silently missing.
public struct DirectorySource: PhotoSource {
    /// The folder, as an absolute path.
    public let path: String
    private let listing: DirectoryListing

    /// Header bytes read for a photo's dimensions; a JPEG's size sits before its first scan.
    static let headerBytes = 256 << 10

    /// Checks that `path` is a folder that can be listed; throws `GalleryError.unreadableFolder` if not.
    public init(path: String) throws {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.path = absolute.count > 1 && absolute.hasSuffix("/") ? String(absolute.dropLast()) : absolute
        _ = try LocalFile.names(inFolder: self.path)
        self.listing = DirectoryListing(folder: self.path)
    }

    /// The folder's name, for the status bar.
    public var name: String { LocalFile.name(of: path) }

    public var supportsSearch: Bool { true }

    public func photos(page: Int, perPage: Int) async throws -> [Photo] {
        try pageOf(listing.entries(), page: page, perPage: perPage)
    }

    /// Photos whose file name contains `query`, ignoring case.
    public func search(query: String, page: Int, perPage: Int) async throws -> [Photo] {
        let needle = query.lowercased()
        return try pageOf(listing.entries().filter { $0.lowercased().contains(needle) }, page: page, perPage: perPage)
    }

    public func photo(id: String) async throws -> Photo {
        guard !id.contains("/"), try listing.entries().contains(id) else {
            throw GalleryError.unreadableFile(name: id, reason: "no longer in the folder")
        }
        return photo(named: id)
    }

    /// A `file://` URL, for `LocalFileImageLoader` only; the size is ignored, the renderer scales.
    public func imageURL(for photo: Photo, width: Int, height: Int, fit: ImageFit) -> String {
        URL(fileURLWithPath: filePath(photo.id), isDirectory: false).absoluteString
    }

    /// File name, size, modification time and folder.
    public func extraDetails(for photo: Photo) async throws -> [String] {
        let info = try LocalFile.info(filePath(photo.id))
        return ["File: \(photo.id)",
                "Size: \(CountText.bytes(info.size)) (\(CountText.count(info.size, "byte")))",
                "Modified: \(Self.timestamp(info.modifiedSeconds))",
                "Folder: \(path)"]
    }

    /// Local files credit nobody.
    public func attribution(for photo: Photo) -> String? { nil }
    public var hasLikes: Bool { false }

    // MARK: - Photos from files

    private func pageOf(_ names: [String], page: Int, perPage: Int) throws -> [Photo] {
        let start = (max(1, page) - 1) * max(1, perPage)
        guard start < names.count else { return [] }
        return names[start..<min(names.count, start + perPage)].map(photo(named:))
    }

    /// The file as a photo: its name as the title, its header's dimensions (0 × 0 when unreadable)
    /// and its modification time.
    private func photo(named name: String) -> Photo {
        let path = filePath(name)
        let info = try? LocalFile.info(path)
        let size = (try? Self.dimensions(ofFile: path)) ?? (width: 0, height: 0)
        let url = URL(fileURLWithPath: path, isDirectory: false).absoluteString
        return Photo(id: name, createdAt: info.map { Self.timestamp($0.modifiedSeconds) },
                     width: size.width, height: size.height, description: name,
                     user: .init(name: self.name, username: ""),
                     urls: .init(raw: url, full: url, regular: url, small: url, thumb: url),
                     links: .init(html: ""))
    }

    private func filePath(_ name: String) -> String { path + "/" + name }

    /// Dimensions from the header; the whole file is read only when the header is not in its start.
    static func dimensions(ofFile path: String) throws -> (width: Int, height: Int) {
        if let size = try? ImageDecoder.dimensions(of: LocalFile.readPrefix(path, count: headerBytes)) { return size }
        return try ImageDecoder.dimensions(of: LocalFile.read(path, maxBytes: LocalFileImageLoader.defaultMaxBytes))
    }

    static func timestamp(_ secondsSince1970: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970)).formatted(.iso8601)
    }
}
