import Imaging
import OperatingSystem

/// One item of a local listing: a photo or video file or a folder, with what ordering needs.
struct LibraryEntry: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case photo, video, folder }

    /// The absolute path, as bytes; shown, it is also the grid item's id: ids stay unique across
    /// folders, so thumbnails cached for one folder never show up in another.
    private(set) var path: FilePath
    /// What the tile says: the file's name, or its path below the folder in a recursive listing,
    /// as shown (`FilePath.description`).
    private(set) var title: String
    let kind: Kind
    /// A symbolic link to the folder or file, not the thing itself: `D` moves only the link.
    let isLink: Bool
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    /// The files that go with this one (`CompanionPairing`): a Live Photo's motion, a JPEG's RAW file.
    var companions: [Companion] = []
    /// The date the listing's order sorted it by (its date taken, or its modification time on the
    /// user's clock), when ordered by date; nil for a folder and in other orders.
    var sortDate: PhotoDate?
    /// Its rating, flag and colour label, from its sidecar; nil until read (a page shown reads its
    /// photos', a listing filtered by them reads all).
    var labels: PhotoLabels?

    /// The same file under another path and title (a rename), its companions renamed with it.
    func renamed(to path: FilePath, title: String, companions: [Companion]) -> LibraryEntry {
        var copy = self
        copy.path = path
        copy.title = title
        copy.companions = companions
        return copy
    }

    init(path: FilePath, title: String, kind: Kind, status: FileStatus?, isLink: Bool = false) {
        self.path = path
        self.title = title
        self.kind = kind
        self.isLink = isLink
        size = status?.size ?? 0
        modifiedSeconds = status?.modifiedSeconds ?? 0
        modifiedNanoseconds = status?.modifiedNanoseconds ?? 0
    }
}
