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

    public init(path: FilePath, photoCount: Int?, folderCount: Int = 0, isLink: Bool = false) {
        self.path = path
        self.photoCount = photoCount
        self.folderCount = folderCount
        self.isLink = isLink
    }

    /// "12 photos", "4 folders" (a folder of folders), "empty", "cannot be read", for the tile's title.
    public var summary: String {
        guard let photoCount else { return "cannot be read" }
        if photoCount > 0 { return CountText.count(photoCount, "photo") }
        return folderCount > 0 ? CountText.count(folderCount, "folder") : "empty"
    }
}
