/// A folder shown as a tile in a local library's grid.
public struct PhotoFolder: Sendable, Equatable {
    /// The folder, as an absolute path.
    public let path: String
    /// The photos directly inside; nil when the folder cannot be read.
    public let photoCount: Int?
    /// Whether `Photo.urls` name a cover picture (the first photo inside).
    public let hasCover: Bool

    public init(path: String, photoCount: Int?, hasCover: Bool) {
        self.path = path
        self.photoCount = photoCount
        self.hasCover = hasCover
    }

    /// "12 photos", "empty", "cannot be read", for the tile's title.
    public var summary: String {
        guard let photoCount else { return "cannot be read" }
        return photoCount == 0 ? "no photos" : CountText.count(photoCount, "photo")
    }
}
