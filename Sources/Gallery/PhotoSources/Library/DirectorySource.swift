#if canImport(FoundationEssentials)
import TerminalVocabulary
import FoundationEssentials
#else
import Foundation
#endif
public import Imaging
public import OperatingSystem

/// A `PhotoSource` over local files: a folder (its subfolders first, as tiles), a folder's whole
/// tree (`recursive`), or paths given one by one. Pages of a listing scanned once, in the chosen
/// order, with the listing's count as the feed's total; images read by `LocalFileImageLoader`.
/// Works offline.
///
/// Files are recognised by their first bytes, not their names; other files are counted in the
/// page's note. A photo's id is its absolute path as shown (`FilePath.description`, one-to-one
/// with its bytes); the listing's entries keep the bytes, which are what is opened.
public struct DirectorySource: PhotoSource {
    /// The folder, as an absolute path; nil for a list of paths.
    public let path: FilePath?
    /// Whether every photo below `path` is listed, in one grid.
    public let recursive: Bool
    public var order: PhotoOrder { listing.order }
    public var reversed: Bool { listing.reversed }
    /// The dates shown (`--since`, `--until`); nil: all.
    public var dateFilter: DateFilter? { listing.dateFilter }
    let listing: DirectoryListing
    let dateTaken: DateTaken
    /// Which photos are listed (`--min-rating`, `--picked`).
    public let labelFilter: LabelFilter
    /// Where a video's container facts are read from when its poster's thumbnail keeps them
    /// (`VideoFacts`), so a listing of cached videos loads no FFmpeg; nil: each video is probed.
    public let desktopThumbnails: DesktopThumbnails?

    /// Header bytes read for a photo's dimensions; a JPEG's size sits before its first scan.
    static let headerBytes = 256 << 10

    /// The file's first `headerBytes`, which hold its dimensions and Exif; the whole file (within
    /// the loader's cap) when its Exif lies past them: a large WebP's EXIF chunk follows its picture.
    static func header(ofFile path: FilePath) -> [UInt8]? {
        guard let start = try? LocalFile.readPrefix(path, count: headerBytes) else { return nil }
        guard start.count == headerBytes, PhotoMetadata.exifLiesBeyond(start) else { return start }
        return (try? LocalFile.read(path, maxBytes: LocalFileImageLoader.defaultMaxBytes)) ?? start
    }

    /// Checks that `path` is a folder that can be listed; throws `GalleryError.unreadableFolder` if not.
    public init(path: FilePath, order: PhotoOrder = .name, reversed: Bool = false, recursive: Bool = false,
                dateFilter: DateFilter? = nil, dateTaken: DateTaken = .unknown, labelFilter: LabelFilter = .all,
                desktopThumbnails: DesktopThumbnails? = nil) throws {
        let absolute = Self.absolute(path)
        try LocalFile.checkListable(absolute)
        self.path = absolute
        self.recursive = recursive
        self.dateTaken = dateTaken
        self.labelFilter = labelFilter
        self.desktopThumbnails = desktopThumbnails
        listing = DirectoryListing(contents: .folder(absolute, recursive: recursive), order: order, reversed: reversed,
                                   dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter)
    }

    /// The source for one path from the command line: a folder's, or a photo's folder with the
    /// photo's id to open it on. Throws a sentence saying what to do for a missing path or a file
    /// that is no photo.
    public static func opening(_ path: FilePath, order: PhotoOrder = .name, reversed: Bool = false,
                               recursive: Bool = false, dateFilter: DateFilter? = nil,
                               dateTaken: DateTaken = .unknown, labelFilter: LabelFilter = .all,
                               desktopThumbnails: DesktopThumbnails? = nil) throws -> (source: DirectorySource, photoID: String?) {
        let absolute = absolute(path)
        guard let status = try? FileStatus(path: absolute) else { throw GalleryError.noSuchPath(path.description) }
        if let special = status.special { throw GalleryError.notAFile(path.description, what: special.description) }
        guard status.kind != .directory else {
            return (try DirectorySource(path: absolute, order: order, reversed: reversed, recursive: recursive,
                                        dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter,
                                        desktopThumbnails: desktopThumbnails), nil)
        }
        let folder = try DirectorySource(path: absolute.parent, order: order, reversed: reversed,
                                         dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter,
                                         desktopThumbnails: desktopThumbnails)
        let entries = (try? folder.listing.entries()) ?? []
        // A Live Photo's motion or a RAW file given opens on the item it belongs to.
        let entry = folder.index(ofID: absolute.description).map { entries[$0] }
            ?? entries.first { $0.companions.contains { $0.path == absolute } }
        guard let entry, entry.kind != .folder else {
            if let dateFilter, try opening(path, order: order, reversed: reversed).photoID != nil {
                throw GalleryError.outsideDates(path.description, dates: dateFilter.label)
            }
            throw GalleryError.notAPhoto(path.description)
        }
        return (folder, entry.path.description)
    }

    /// Exactly `paths`, files and folders (relative ones resolved against the current folder).
    /// Throws `GalleryError.nothingToShow` when none of them is a photo or a folder.
    public init(paths: [FilePath], order: PhotoOrder = .name, reversed: Bool = false, dateFilter: DateFilter? = nil,
                dateTaken: DateTaken = .unknown, labelFilter: LabelFilter = .all, desktopThumbnails: DesktopThumbnails? = nil) throws {
        path = nil
        recursive = false
        self.dateTaken = dateTaken
        self.labelFilter = labelFilter
        self.desktopThumbnails = desktopThumbnails
        listing = DirectoryListing(contents: .paths(paths.map(Self.absolute)), order: order, reversed: reversed,
                                   dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter)
        guard try !listing.entries().isEmpty else { throw GalleryError.nothingToShow }
    }

    private init(path: FilePath?, recursive: Bool, listing: DirectoryListing, dateTaken: DateTaken, labelFilter: LabelFilter,
                 desktopThumbnails: DesktopThumbnails?) {
        self.path = path
        self.recursive = recursive
        self.listing = listing
        self.dateTaken = dateTaken
        self.labelFilter = labelFilter
        self.desktopThumbnails = desktopThumbnails
    }

    /// The folder's path (or "N paths"), for the status bar: `shownPath(_:home:)`.
    public var name: String {
        guard let path else {
            if case .paths(let paths) = listing.contents { return CountText.count(paths.count, "path") }
            return "paths"
        }
        let home = XDGDirectories(environment: CurrentProcess.environment).home.description
        return Self.shownPath(path, home: home) + (recursive ? " (all below)" : "")
    }

    /// A folder's path as the status bar names it: the home folder as `~`, and the last three
    /// folders of a deeper path ("…/Photos/2023/07"): a month's folder alone ("07") said neither
    /// the year nor the library.
    static func shownPath(_ path: FilePath, home: String) -> String {
        var text = path.description
        if !home.isEmpty, home != "/", text == home || text.hasPrefix(home + "/") { text = "~" + text.dropFirst(home.count) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let shown = 3, rooted = text.hasPrefix("/") ? 1 : 0
        if parts.count - rooted > shown + 1 { text = "…/" + parts.suffix(shown).joined(separator: "/") }
        // The status bar cuts what does not fit at its end, where the folder's own name is.
        return text.count > longestShownPath ? "…" + text.suffix(longestShownPath - 1) : text
    }

    /// The most characters of a folder's path the status bar shows.
    static let longestShownPath = 40

    public var supportsSearch: Bool { true }

    public func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
        try pageOf(listing.entries(), page: page, perPage: perPage)
    }

    /// The listing's page, with its total and what was left out.
    public func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        switch feed {
        case .all:
            let sorted = try listing.sorted()
            let photos = try pageOf(sorted.entries, page: page, perPage: perPage)
            var listed = PhotoPage(photos: photos, isLast: page * perPage >= sorted.entries.count,
                                   total: sorted.entries.count, note: sorted.note, folderCount: sorted.folderCount,
                                   videoCount: sorted.videoCount)
            listed.skipped = sorted.skipped
            listed.timeline = sorted.timeline
            return listed
        case .search(let query):
            let matches = try matching(query)
            return PhotoPage(photos: try pageOf(matches, page: page, perPage: perPage),
                             isLast: page * perPage >= matches.count, total: matches.count,
                             folderCount: matches.prefix { $0.kind == .folder }.count,
                             videoCount: matches.count { $0.kind == .video })
        }
    }

    /// Photos and folders that `query` finds (`LibrarySearch`): by name, folder, camera, lens or
    /// date taken.
    public func search(query: String, page: Int, perPage: Int) async throws -> [LibraryItem] {
        try pageOf(matching(query), page: page, perPage: perPage)
    }

    /// The listing's entries `query` finds, in the listing's order. What each file records comes
    /// from the index of dates taken where it knows the file, so a search reads only files new to it.
    /// A query of labels (`LabelFilter(query:)`: "rating>=4", "★4", "picked") finds the photos that have them.
    func matching(_ query: String) throws -> [LibraryEntry] {
        if let filter = LabelFilter(query: query) {
            return try listing.entries().filter { entry in
                entry.kind != .folder && filter.admits(entry.labels ?? XMPSidecar.labels(of: entry.path, companions: entry.companions))
            }
        }
        let search = LibrarySearch(query)
        let entries = try listing.entries()
        let records = dateTaken.records(of: entries)
        let found = entries.indices.concurrentMap(minimumPerThread: DateTaken.entriesPerThread) { place in
            let entry = entries[place], record = records[place]
            return search.matches(title: entry.title, folder: folderText(of: entry.path),
                                  captureDate: entry.kind == .folder ? nil : dateTaken.captureDate(of: entry, record: record),
                                  record: record)
        }
        dateTaken.index?.save()
        return entries.indices.filter { found[$0] }.map { entries[$0] }
    }

    /// The folder holding `file`, as its path below the listing's folder ("2023/07"; "" for the
    /// folder itself), or in full for a list of paths.
    private func folderText(of file: FilePath) -> String {
        let folder = file.parent
        guard let path else { return folder.description }
        let root = path.bytes + [UInt8(ascii: "/")]
        guard folder.bytes.starts(with: root) else { return "" }
        return FilePath(bytes: Array(folder.bytes.dropFirst(root.count))).description
    }

    /// The entry with this id (its absolute path), if the listing has it: never an arbitrary path.
    public func photo(id: String) async throws -> LibraryItem {
        let sorted = try listing.sorted()
        guard let index = sorted.index(ofID: id) else {
            // An id is a path as shown, whose slashes are the path's own.
            throw GalleryError.unreadableFile(name: id.split(separator: "/").last.map(String.init) ?? id,
                                              reason: "no longer in the folder")
        }
        return photo(for: sorted.entries[index])
    }

    /// Where the item with `id` stands in the listing, for selecting it in a new grid.
    public func index(ofID id: String) -> Int? {
        try? listing.sorted().index(ofID: id)
    }

    /// The file (a folder's cover, for a tile), for `LocalFileImageLoader` only; the size is
    /// ignored, the renderer scales.
    public func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
        guard case .file(let path)? = photo.picture else { return nil }
        return .file(path)
    }

    /// File name, size, modification time, folder, and the camera, exposure and GPS position its
    /// Exif gives. The date taken is the photo's `captureDate`, which the pane words (`TakenDate.line(for:)`).
    public func extraDetails(for photo: LibraryItem) async throws -> [String] {
        let path = filePath(of: photo)
        let info = try LocalFile.info(path)
        var lines = ["File: \(LocalFile.name(of: path))",
                     "Size: \(CountText.bytes(info.size)) (\(CountText.count(info.size, "byte")))"]
        lines += ["Modified: \(TakenDate.text(ofInstant: info.modifiedSeconds))", "Folder: \(path.parent)"]
        // What the item is, first: a video, a Live Photo, a RAW+JPEG pair, with its files' names.
        let names = ([path] + photo.companions.map(\.path)).map { LocalFile.name(of: $0) }.joined(separator: " + ")
        if let video = photo.video {
            lines.insert(video.detailLine, at: 0)
        } else if photo.isLive {
            lines.insert("Live Photo: \(names)", at: 0)
        } else if photo.raw != nil {
            lines.insert("RAW+JPEG: \(names)", at: 0)
        }
        if photo.video == nil, let header = Self.header(ofFile: path) {
            lines += PhotoMetadata(readingFile: header).camera.detailLines
        }
        return lines
    }

    /// Local files credit nobody.
    public func attribution(for photo: LibraryItem) -> String? { nil }
    public var hasLikes: Bool { false }

    // MARK: - Browsing

    /// The same listing in another order (scanned again, so files added meanwhile show up).
    public func reordered(_ order: PhotoOrder, reversed: Bool) -> DirectorySource {
        relisted(order: order, reversed: reversed, dateFilter: dateFilter)
    }

    /// The same listing showing the dates of `dateFilter` (nil: all), scanned again.
    public func filtered(by dateFilter: DateFilter?) -> DirectorySource {
        relisted(order: order, reversed: reversed, dateFilter: dateFilter)
    }

    private func relisted(order: PhotoOrder, reversed: Bool, dateFilter: DateFilter?) -> DirectorySource {
        DirectorySource(path: path, recursive: recursive,
                        listing: DirectoryListing(contents: listing.contents, order: order, reversed: reversed,
                                                  dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter),
                        dateTaken: dateTaken, labelFilter: labelFilter, desktopThumbnails: desktopThumbnails)
    }

    /// The folder a folder tile stands for, in the same order; nil for a photo.
    public func entering(_ item: LibraryItem) throws -> DirectorySource? {
        guard let folder = item.folder else { return nil }
        return try DirectorySource(path: folder.path, order: order, reversed: reversed, dateFilter: dateFilter,
                                   dateTaken: dateTaken, labelFilter: labelFilter, desktopThumbnails: desktopThumbnails)
    }

    /// The folder above this one, and the id of this folder's tile in it; nil at `/` or for a list of paths.
    public func parentFolder() throws -> (source: DirectorySource, childID: String)? {
        guard let path, path != "/" else { return nil }
        let parent = try DirectorySource(path: path.parent, order: order, reversed: reversed,
                                         dateFilter: dateFilter, dateTaken: dateTaken, labelFilter: labelFilter,
                                         desktopThumbnails: desktopThumbnails)
        return (parent, path.description)
    }

    // MARK: - Photos from files

    private func pageOf(_ entries: [LibraryEntry], page: Int, perPage: Int) throws -> [LibraryItem] {
        let start = (max(1, page) - 1) * max(1, perPage)
        guard start < entries.count else { return [] }
        return entries[start..<min(entries.count, start + perPage)].map(photo(for:))
    }

    func photo(for entry: LibraryEntry) -> LibraryItem {
        var item = switch entry.kind {
        case .photo: Self.photo(for: entry, dateTaken: dateTaken)
        case .video: Self.video(for: entry, dateTaken: dateTaken, desktopThumbnails: desktopThumbnails)
        case .folder: folderTile(entry)
        }
        item.companions = entry.companions
        if entry.kind != .folder {
            item.modifiedDate = CaptureDate(modifiedSeconds: entry.modifiedSeconds)?.date
        }
        item.labels = entry.labels
            ?? (entry.companions.contains { $0.role == .sidecar } ? XMPSidecar.labels(of: entry.path, companions: entry.companions) : .none)
        return item
    }

    /// The file as a photo: its name as the title, its header's dimensions (0 × 0 when
    /// unreadable), when it was taken (`DateTaken.captureDate(of:)`), what it recorded as its
    /// creation time. The header is read once for both.
    static func photo(for entry: LibraryEntry, dateTaken: DateTaken = .unknown) -> LibraryItem {
        let header = Self.header(ofFile: entry.path)
        let size = (try? Self.dimensions(ofFile: entry.path, header: header)) ?? PixelSize(width: 0, height: 0)
        let captureDate = dateTaken.captureDate(of: entry, header: header)
        var item = LibraryItem(id: entry.path.description, title: entry.title, width: size.width, height: size.height,
                               createdAt: Self.createdAt(captureDate), picture: .file(entry.path))
        item.captureDate = captureDate
        return item
    }

    /// The file as a video: what its container says (its size upright, its length, when it was
    /// recorded), kept with its poster's desktop thumbnail when the file has not changed since,
    /// else read by FFmpeg, loaded at the first video; a file it cannot read is still a video
    /// item, whose tile says why when its poster is asked for.
    static func video(for entry: LibraryEntry, dateTaken: DateTaken = .unknown, desktopThumbnails: DesktopThumbnails? = nil) -> LibraryItem {
        let facts = desktopThumbnails?.videoFacts(ofFileAt: entry.path, size: entry.size, modifiedSeconds: entry.modifiedSeconds)
            ?? (try? VideoFile(path: entry.path)).map { VideoFacts($0.probe) }
        let captureDate = dateTaken.captureDate(of: entry, record: TakenRecord(date: facts?.recorded))
        var item = LibraryItem(id: entry.path.description, kind: .video(facts?.clip ?? VideoClip()),
                               title: entry.title, width: facts?.size.width ?? 0, height: facts?.size.height ?? 0,
                               createdAt: Self.createdAt(captureDate), picture: .file(entry.path))
        item.captureDate = captureDate
        return item
    }

    /// A folder as a tile: its name, how many photos it holds, and its cover (`cover(in:levels:listings:)`).
    private func folderTile(_ entry: LibraryEntry) -> LibraryItem {
        guard let scan = try? LibraryScan.folder(entry.path, recursive: false) else {
            return Self.tile(entry, PhotoFolder(path: entry.path, photoCount: nil, isLink: entry.isLink), cover: nil)
        }
        var listings = Self.coverListings
        let cover = Self.cover(in: scan, levels: Self.coverLevels, listings: &listings)
        let folder = PhotoFolder(path: entry.path, photoCount: scan.entries.count { $0.kind == .photo },
                                 folderCount: scan.entries.count { $0.kind == .folder }, isLink: entry.isLink)
        return Self.tile(entry, folder, cover: cover?.path)
    }

    /// How deep below a folder its cover is looked for: `Photos/2023/07/` is a phone's export.
    static let coverLevels = 3
    /// How many folders a cover search lists at most: each listing opens every file in its folder,
    /// and a tile is made while its row is drawn.
    static let coverListings = 12

    /// The first photo by name in what `scan` listed, else the cover of the first of its folders
    /// (by name) that has one, looking `levels` folders down and listing at most `listings` folders.
    static func cover(in scan: LibraryScan, levels: Int, listings: inout Int) -> LibraryEntry? {
        let byName = { (a: LibraryEntry, b: LibraryEntry) in NaturalOrder.areInIncreasingOrder(a.title, b.title) }
        if let photo = scan.entries.filter({ $0.kind == .photo }).min(by: byName) { return photo }
        guard levels > 0 else { return nil }
        for folder in scan.entries.filter({ $0.kind == .folder }).sorted(by: byName) {
            guard listings > 0 else { return nil }
            listings -= 1
            guard let inner = try? LibraryScan.folder(folder.path, recursive: false) else { continue }
            if let cover = cover(in: inner, levels: levels - 1, listings: &listings) { return cover }
        }
        return nil
    }

    public func photosBelow(_ folder: PhotoFolder) -> Int? {
        (try? LibraryScan.folder(folder.path, recursive: true))?.entries.count { $0.kind == .photo }
    }

    /// Whether `folder` holds a photo or a video, or a folder with a photo within `coverLevels`
    /// (the search of a folder's cover): what `gallery` with no argument opens rather than the demo.
    public static func holdsMedia(_ folder: FilePath) -> Bool {
        let path = absolute(folder)
        // A photo's name first: the folder is listed in full right after when it holds photos, and
        // a large one's files must not all be opened twice at start-up.
        let names = (try? LocalFile.entries(inFolder: path)) ?? []
        if names.contains(where: { !$0.name.isHidden && $0.kind != .directory && LibraryScan.hasMediaExtension($0.name) }) {
            return true
        }
        guard let scan = try? LibraryScan.folder(path, recursive: false) else { return false }
        if scan.entries.contains(where: { $0.kind == .photo || $0.kind == .video }) { return true }
        var listings = coverListings
        return cover(in: scan, levels: coverLevels, listings: &listings) != nil
    }

    /// The tile of `folder`, its picture the photo at `cover` (none: an empty folder's placeholder).
    private static func tile(_ entry: LibraryEntry, _ folder: PhotoFolder, cover: FilePath?) -> LibraryItem {
        LibraryItem(id: entry.path.description, kind: .folder(folder), title: entry.title, width: 0, height: 0,
                    picture: cover.map(PicturePlace.file))
    }

    /// Dimensions from the header (`header`: what `header(ofFile:)` read, when already read);
    /// the whole file is read only when the header is not in its start.
    static func dimensions(ofFile path: FilePath, header: [UInt8]? = nil) throws -> PixelSize {
        if let start = header ?? Self.header(ofFile: path),
           let size = try? ImageDecoder.dimensions(of: start) { return size }
        return try ImageDecoder.dimensions(of: LocalFile.read(path, maxBytes: LocalFileImageLoader.defaultMaxBytes))
    }

    /// A date taken as an item's `createdAt` (ISO 8601, the wall-clock reading as if in UTC); nil
    /// for a modification time, which is no date taken.
    static func createdAt(_ captureDate: CaptureDate?) -> String? {
        guard let captureDate, captureDate.source != .modified else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(captureDate.date.secondsSince1970AsUTC)).formatted(.iso8601)
    }

    /// `path` made absolute against the current folder, without `.`, `..`, doubled or trailing
    /// slashes (read as written, links not resolved), so that going up names the folder expected.
    static func absolute(_ path: FilePath) -> FilePath {
        let absolute = path.isAbsolute ? path : CurrentProcess.workingDirectory.appending(path)
        var parts: [ArraySlice<UInt8>] = []
        for part in absolute.bytes.split(separator: UInt8(ascii: "/")) {
            switch part {
            case [UInt8(ascii: ".")]: continue
            case [UInt8(ascii: "."), UInt8(ascii: ".")]: _ = parts.popLast()
            default: parts.append(part)
            }
        }
        let joined = parts.flatMap { [UInt8(ascii: "/")] + $0 }
        return joined.isEmpty ? "/" : FilePath(bytes: joined)
    }
}
