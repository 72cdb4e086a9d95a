public import OperatingSystem

/// A folder shown as a tile in a local library's grid.
public struct PhotoFolder: Sendable, Equatable {
    /// The folder, as an absolute path.
    public let path: FilePath
    /// The photos directly inside; nil when the folder cannot be read.
    public let photoCount: Int?
    /// The folders directly inside.
    public let folderCount: Int
    /// `path` is a symbolic link to the folder: trashing or renaming the tile moves the link alone.
    public let isLink: Bool
    /// The photos in it and in every folder below, once counted (in the background, for a tile
    /// shown); nil until then.
    public var photosBelow: Int?

    public init(path: FilePath, photoCount: Int?, folderCount: Int = 0, isLink: Bool = false) {
        self.path = path
        self.photoCount = photoCount
        self.folderCount = folderCount
        self.isLink = isLink
    }

    /// "12 photos", "4 folders" (a folder of folders) or "2,604 photos · 4 folders" once counted
    /// below (the photos first: a tile's title is cut at its end), "empty", "cannot be read", for
    /// the tile's title.
    public var summary: String {
        guard let photoCount else { return "cannot be read" }
        guard folderCount > 0 else { return photoCount > 0 ? CountText.count(photoCount, "photo") : "empty" }
        let photos = photosBelow ?? photoCount
        let folders = CountText.count(folderCount, "folder")
        return photos > 0 || photosBelow != nil ? "\(CountText.count(photos, "photo")) · \(folders)" : folders
    }

    /// Whether the photos below are still to be counted: a folder with folders in it.
    public var needsCountBelow: Bool { photoCount != nil && folderCount > 0 && photosBelow == nil }
}
