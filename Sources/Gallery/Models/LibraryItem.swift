public import OperatingSystem
public import Imaging

/// One thing a grid shows: a photo (from a catalog or a file), or a folder of a local library.
/// Sources make these from what they read (a catalog's JSON, a folder's listing); nothing past a
/// source knows the shape it came in.
public struct LibraryItem: Sendable, Equatable, Identifiable {
    /// What the item is.
    public enum Kind: Sendable, Equatable {
        case photo
        /// A video file: its picture is its poster frame.
        case video(VideoClip)
        /// A folder of a local library, shown as a tile; its picture is its cover.
        case folder(PhotoFolder)
        /// A month or a year of a list ordered by date, shown as a tile when the grid is zoomed
        /// out (`z`); its picture is its first item's.
        case period(PeriodTile)
    }

    /// Unique within its source: a catalog's photo id; a local file's or folder's absolute path as
    /// shown (`FilePath.description`, one-to-one with its bytes), never opened.
    public let id: String
    public var kind: Kind
    /// The words that name it in the grid: a catalog photo's description, a file's name (its path
    /// below the folder in a recursive listing), a folder's name; "" when it has none. Kept as the
    /// source gave them; the TUI strips control characters when it draws them.
    public var title: String
    /// Pixels as shown (upright); 0 when unknown (a file whose header could not be read).
    public var width: Int
    public var height: Int
    /// ISO 8601: when the photo was taken (a file's Exif date, or its name's) or published (a catalog's).
    public var createdAt: String?
    /// The photo's dominant colour as `#rrggbb`, when the catalog says.
    public var color: String?
    public var likes: Int
    /// Who took it, when a catalog credits somebody.
    public var author: Author?
    /// Where its pixels are; nil for a folder with no photo to show as its cover.
    public var picture: PicturePlace?
    /// Its web page, when it has one (a catalog photo).
    public var webPage: String?
    /// The URL a catalog asks to be told of a download at (Unsplash's guidelines).
    public var downloadLocation: String?
    /// Camera settings; only a catalog photo's full record carries them.
    public var exif: PhotoExif?
    /// Where it was taken, as a catalog names the place.
    public var location: PhotoLocation?
    /// Files that belong to its main file and go wherever it goes (trashed, renamed, marked,
    /// picked with it, but for its sidecars, which `--pick` does not print): a Live Photo's
    /// motion, the RAW file beside a JPEG, its XMP sidecars. The main file is
    /// `picture`'s; these are listed once, with it, and counted as one item.
    public var companions: [Companion] = []
    /// When a local photo or video was taken, and how that was found (its Exif, its name, else
    /// its modification time); nil for a folder and a catalog's photo (`createdAt`).
    public var captureDate: CaptureDate?
    /// When a local file was last modified, as the user's clock read it; nil for a folder and a
    /// catalog's photo.
    public var modifiedDate: PhotoDate?
    /// Its rating, pick or reject flag and colour label, from its XMP sidecar.
    public var labels = PhotoLabels.none

    /// A photographer as a catalog credits them.
    public struct Author: Sendable, Equatable {
        public let name: String
        public let username: String

        public init(name: String, username: String = "") {
            self.name = name
            self.username = username
        }
    }

    public init(id: String, kind: Kind = .photo, title: String, width: Int, height: Int, createdAt: String? = nil,
                color: String? = nil, likes: Int = 0, author: Author? = nil, picture: PicturePlace?,
                webPage: String? = nil, downloadLocation: String? = nil, exif: PhotoExif? = nil,
                location: PhotoLocation? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.width = width
        self.height = height
        self.createdAt = createdAt
        self.color = color
        self.likes = likes
        self.author = author
        self.picture = picture
        self.webPage = webPage
        self.downloadLocation = downloadLocation
        self.exif = exif
        self.location = location
    }

    /// The folder this item stands for; nil for a photo.
    public var folder: PhotoFolder? {
        if case .folder(let folder) = kind { return folder }
        return nil
    }

    /// The month or year this tile stands for; nil for anything else.
    public var period: PeriodTile? {
        if case .period(let period) = kind { return period }
        return nil
    }

    /// Whether its picture is a video's file, drawn from its poster frame: a video's, or a
    /// month's whose first item is a video.
    public var pictureIsVideo: Bool { video != nil || period?.coverIsVideo == true }

    /// The video this item is; nil for a photo or a folder.
    public var video: VideoClip? {
        if case .video(let clip) = kind { return clip }
        return nil
    }

    /// The video this item plays: a video's own file, a Live Photo's motion; nil for a still.
    public var motion: FilePath? {
        if video != nil, case .file(let path)? = picture { return path }
        return companions.first { $0.role == .motion }?.path
    }

    /// What a Live Photo's tile says before its name.
    public static let liveBadge = "LIVE"

    /// Whether it is a Live Photo: a still with its motion beside it.
    public var isLive: Bool { video == nil && companions.contains { $0.role == .motion } }

    /// The RAW file of a RAW+JPEG pair (the JPEG is the main file, shown).
    public var raw: FilePath? { companions.first { $0.role == .raw }?.path }

    /// Whether it is a photo or a video, not a folder's or a month's tile: only these are marked,
    /// chosen by `--pick` and stepped through in the detail pane.
    public var isMedia: Bool {
        switch kind {
        case .photo, .video: true
        case .folder, .period: false
        }
    }
}

/// A file that belongs to an item's main file (the same name but for its extension, in the same
/// folder), and what it is to it.
public struct Companion: Sendable, Equatable {
    public enum Role: Sendable, Equatable {
        /// A Live Photo's motion: the MOV beside its HEIC or JPEG.
        case motion
        /// The camera's RAW file beside the JPEG it wrote with it.
        case raw
        /// An XMP sidecar a photo manager (or this app) keeps the photo's labels and edits in:
        /// `IMG_1234.JPG.xmp` (darktable's naming) or `IMG_1234.xmp` (digiKam's, Lightroom's).
        case sidecar
    }

    public let path: FilePath
    public let role: Role

    public init(path: FilePath, role: Role) {
        self.path = path
        self.role = role
    }

    /// This file once its main file, named `oldName`, is renamed to `mainName`: the new name's
    /// stem and what follows the old stem in its own name, in its own folder ("Beach.HEIC" takes
    /// "IMG_1234.MOV" to "Beach.MOV", a sidecar "IMG_1234.HEIC.xmp" to "Beach.HEIC.xmp"); without
    /// `oldName`, the new stem and its own last extension.
    public func renamed(withMainFileNamed mainName: String, from oldName: String? = nil) -> Companion {
        let stem = Self.stem(of: mainName)
        // The rest keeps its own bytes (and case): only the stem is the user's text.
        let name = path.name.bytes
        var rest = name.lastIndex(of: UInt8(ascii: ".")).map { Array(name[$0...]) } ?? []
        if let oldName {
            let oldStem = Array(Self.stem(of: oldName).utf8)
            if name.count > oldStem.count, name[oldStem.count] == UInt8(ascii: "."),
               name.prefix(oldStem.count).map(Self.lowered) == oldStem.map(Self.lowered) {
                rest = Array(name[oldStem.count...])
            }
        }
        return Companion(path: path.parent.appending(FilePath(bytes: Array(stem.utf8) + rest)), role: role)
    }

    private static func stem(of name: String) -> Substring {
        name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? Substring(name)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

/// Where an item's pixels are: a file on this machine, or pictures on the web.
public enum PicturePlace: Sendable, Equatable {
    /// A file, by its absolute path.
    case file(FilePath)
    case web(WebPicture)
}

/// A catalog photo's pictures on the web.
public struct WebPicture: Sendable, Equatable {
    /// The picture a source sizes for a cell (Unsplash's `raw`, to which imgix parameters are added).
    public let sizable: String
    /// The original, for `d`.
    public let original: String

    public init(sizable: String, original: String) {
        self.sizable = sizable
        self.original = original
    }
}

/// Where to load an image from, as a source answers for one item at one size.
public enum ImageLocation: Sendable, Hashable {
    /// A file, by its absolute path: read by `LocalFileImageLoader`.
    case file(FilePath)
    /// An http(s) URL: fetched by the network loaders.
    case web(String)
}
