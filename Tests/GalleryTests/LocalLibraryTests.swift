import OperatingSystem
import TestSupport
import Foundation
import Glibc
import Imaging
import TerminalVocabulary
import Testing
@testable import Gallery

/// A small JPEG for library trees.
private let libraryJPEG = try! JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))

/// A new folder holding `paths`: a name ending in "/" is a folder, in ".txt" a text file, any
/// other a small JPEG.
private func libraryTree(_ paths: [String]) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for path in paths {
        if path.hasSuffix("/") {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + path, withIntermediateDirectories: true)
        } else {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty {
                try FileManager.default.createDirectory(atPath: folder.path + "/" + parent, withIntermediateDirectories: true)
            }
            try folder.write(path.hasSuffix(".txt") || path.hasSuffix(".md") || path.hasSuffix(".swift")
                             ? Array("text".utf8) : libraryJPEG, to: path)
        }
    }
    return folder
}

/// Folders on disk as a user's library: nested folders, links, files that are no photos.
@Suite("Local library")
struct LocalLibraryTests {
    private let jpeg = libraryJPEG

    private func touch(_ path: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
    }

    private func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    private func tree(_ paths: [String]) throws -> TemporaryDirectory { try libraryTree(paths) }

    private func titles(_ source: DirectorySource) async throws -> [String] {
        try await source.photos(page: 1, perPage: 1_000).map(\.title)
    }

    @Test func ordersByNameDateTakenAndSizeFoldersFirst() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(jpeg, to: "img10.jpg")
        try folder.write(jpeg + [0, 0, 0], to: "img2.jpg")
        try folder.write(jpeg + [0], to: "IMG1.jpg")
        try mkdir(folder.path + "/trip 10")
        try mkdir(folder.path + "/trip 9")
        try touch(folder.path + "/img10.jpg", seconds: 1_000)
        try touch(folder.path + "/img2.jpg", seconds: 3_000)
        try touch(folder.path + "/IMG1.jpg", seconds: 2_000)

        #expect(try await titles(DirectorySource(path: FilePath(folder.path)))
                == ["trip 9", "trip 10", "IMG1.jpg", "img2.jpg", "img10.jpg"])
        #expect(try await titles(DirectorySource(path: FilePath(folder.path), order: .date))
                == ["trip 9", "trip 10", "img10.jpg", "IMG1.jpg", "img2.jpg"])
        #expect(try await titles(DirectorySource(path: FilePath(folder.path), order: .size))
                == ["trip 9", "trip 10", "img10.jpg", "IMG1.jpg", "img2.jpg"])
        #expect(try await titles(DirectorySource(path: FilePath(folder.path), order: .size, reversed: true))
                == ["trip 10", "trip 9", "img2.jpg", "IMG1.jpg", "img10.jpg"])
        // Without a date taken, `taken` is the modification time.
        #expect(try await titles(DirectorySource(path: FilePath(folder.path), order: .taken))
                == ["trip 9", "trip 10", "img10.jpg", "IMG1.jpg", "img2.jpg"])
        // A date taken, where the file has one, wins over the modification time.
        let taken = DateTaken { $0.description.hasSuffix("/img2.jpg") ? 10 : nil }
        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateTaken: taken)
        #expect(try await titles(source) == ["trip 9", "trip 10", "img2.jpg", "img10.jpg", "IMG1.jpg"])
        let photo = try await source.photo(id: folder.path + "/img2.jpg")
        #expect(photo.createdAt == "1970-01-01T00:00:10Z")
        #expect(photo.captureDate == CaptureDate(date: PhotoDate(year: 1970, month: 1, day: 1, second: 10)!, source: .recorded))
        // Without one, the modification time as the user's clock read it, for the timeline.
        let untaken = try await source.photo(id: folder.path + "/img10.jpg")
        #expect(untaken.captureDate?.source == .modified)
        #expect(untaken.captureDate?.date == untaken.modifiedDate)
        #expect(try await !source.extraDetails(for: photo).contains { $0.hasPrefix("Taken") })
    }

    /// A listing ordered by date sends each item's date with its pages, in list order, folders
    /// without one: the timeline's headings and jumps are made from it; other orders send none.
    @Test func aDateOrderSendsItsTimeline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(jpeg, to: "a.jpg")
        try folder.write(jpeg, to: "b.jpg")
        try mkdir(folder.path + "/trip")
        try touch(folder.path + "/a.jpg", seconds: 1_700_000_000)
        try touch(folder.path + "/b.jpg", seconds: 1_600_000_000)
        let local = { (seconds: Int) in CaptureDate(modifiedSeconds: seconds)?.date }
        let byDate = try await DirectorySource(path: FilePath(folder.path), order: .date).page(of: .all, page: 1, perPage: 2)
        #expect(byDate.timeline == Timeline(dates: [nil, local(1_600_000_000), local(1_700_000_000)], isNewestFirst: false))
        let taken = DateTaken { $0.description.hasSuffix("/a.jpg") ? 10 : nil }
        let byTaken = try await DirectorySource(path: FilePath(folder.path), order: .taken, reversed: true, dateTaken: taken)
            .page(of: .all, page: 1, perPage: 2)
        #expect(byTaken.timeline == Timeline(dates: [nil, local(1_600_000_000), PhotoDate(secondsSince1970AsUTC: 10)],
                                             isNewestFirst: true))
        #expect(try await DirectorySource(path: FilePath(folder.path)).page(of: .all, page: 1, perPage: 2).timeline == nil)
    }

    /// The folder source's real date taken: each file's Exif DateTimeOriginal, as the camera wrote it.
    @Test func takenIsTheExifDate() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ImagingTests/Fixtures")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Taken 2021-07-03 and 2021-07-01: the name order is the reverse of the taken order.
        for (fixture, name) in [("orientation-3.jpg", "a.jpg"), ("orientation-1.jpg", "b.jpg")] {
            try folder.write([UInt8](Data(contentsOf: fixtures.appendingPathComponent(fixture))), to: name)
        }
        #expect(DateTaken.exif.seconds(FilePath(folder.path + "/b.jpg")) == 1_625_134_272)  // 2021-07-01 10:11:12
        #expect(DateTaken.exif.seconds(FilePath(folder.path + "/missing.jpg")) == nil)
        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateTaken: .exif)
        #expect(try await titles(source) == ["b.jpg", "a.jpg"])
    }

    /// `c\xff.jpg` and `c\xef\xbf\xbd.jpg` both read "c\u{FFFD}.jpg" as text: they are two photos,
    /// each shown apart and each its own file (as text, `D` on the first trashed the second).
    @Test func aNameThatIsNotUTF8IsItsOwnPhotoBesideItsLookAlike() async throws {
        let folder = try tree(["c\u{FFFD}.jpg"])
        defer { folder.remove() }
        let invalid = FilePath(folder.path).appending(FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8)))
        try File.write(libraryJPEG + [0], to: invalid, .creatingNew(permissions: 0o600))
        let source = try DirectorySource(path: FilePath(folder.path))
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["c\\u{FFFD}.jpg", "c\\xFF.jpg"])
        #expect(page.photos.map(\.id) == [folder.path + "/c\\u{FFFD}.jpg", folder.path + "/c\\xFF.jpg"])
        #expect(page.photos.map(source.filePath) == [FilePath(folder.path + "/c\u{FFFD}.jpg"), invalid])
        #expect(page.skipped == 0)
        let sizes = try page.photos.map { try File.read(source.filePath(of: $0), maxBytes: 1 << 20).count }
        #expect(sizes == [libraryJPEG.count, libraryJPEG.count + 1], "each opens its own file")
    }

    @Test func folderTilesCountTheirPhotosAndShowTheFirstAsCover() async throws {
        let folder = try tree(["trip/", "empty/", "trip/b10.jpg", "trip/b9.jpg", "trip/notes.txt",
                               "years/2020/", "years/2021/", "years/2021/z.jpg"])
        defer { folder.remove() }
        let tiles = try await DirectorySource(path: FilePath(folder.path)).photos(page: 1, perPage: 30)
        #expect(tiles.map(\.title) == ["empty", "trip", "years"])
        #expect(tiles[0].folder == PhotoFolder(path: FilePath(folder.path + "/empty"), photoCount: 0))
        #expect(tiles[0].picture == nil, "no cover: the tile's placeholder")
        #expect(tiles[0].folder?.summary == "empty")
        #expect(tiles[1].folder == PhotoFolder(path: FilePath(folder.path + "/trip"), photoCount: 2))
        #expect(tiles[1].folder?.summary == "2 photos")
        // A folder of folders: counted as such, its cover from the first of them with a photo.
        #expect(tiles[2].folder == PhotoFolder(path: FilePath(folder.path + "/years"), photoCount: 0, folderCount: 2))
        #expect(tiles[2].folder?.summary == "2 folders")
        #expect(tiles[2].picture == .file(FilePath(folder.path + "/years/2021/z.jpg")))
        var years = try #require(tiles[2].folder)
        years.photosBelow = try DirectorySource(path: FilePath(folder.path)).photosBelow(years)
        #expect(years.photosBelow == 1 && years.summary == "1 photo · 2 folders")
        #expect(tiles[1].picture == .file(FilePath(folder.path + "/trip/b9.jpg")))
    }

    /// A phone's export keeps its photos two or three folders down (`Photos/2023/07/`): the
    /// tile's cover comes from there, past folders that hold none.
    @Test func aFolderTakesItsCoverFromPhotosFoldersBelow() async throws {
        let folder = try tree(["Photos/2022/", "Photos/2023/01/", "Photos/2023/07/a.jpg", "Deep/1/2/3/4/x.jpg"])
        defer { folder.remove() }
        let tiles = try await DirectorySource(path: FilePath(folder.path)).photos(page: 1, perPage: 30)
        #expect(tiles.map(\.title) == ["Deep", "Photos"])
        #expect(tiles[1].picture == .file(FilePath(folder.path + "/Photos/2023/07/a.jpg")))
        #expect(tiles[0].picture == nil, "four folders down is past the search")
    }

    /// A folder of folders shown as a tile says how many photos are below it, counted once the
    /// tile is shown, and keeps its cover meanwhile.
    @MainActor @Test func aFolderTileShownCountsThePhotosBelowIt() async throws {
        let folder = try tree(["2023/01/a.jpg", "2023/01/b.jpg", "2023/07/c.jpg", "2023/07/notes.txt", "2024/"])
        defer { folder.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let viewModel = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                        renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        viewModel.update(.appeared)
        await viewModel.until { viewModel.items.count == 2 }
        #expect(viewModel.photo(at: 0)?.folder?.summary == "2 folders")
        viewModel.update(.willDisplay(0))
        await viewModel.until { viewModel.photo(at: 0)?.folder?.photosBelow == 3 }
        #expect(viewModel.photo(at: 0)?.folder?.summary == "3 photos · 2 folders")
        #expect(viewModel.photo(at: 0)?.picture == .file(FilePath(folder.path + "/2023/01/a.jpg")))
        #expect(viewModel.photo(at: 1)?.folder?.photosBelow == nil, "an empty folder has nothing below to count")
        // Listed again, the tile comes without its count, and is counted again once shown.
        viewModel.update(.refresh)
        await viewModel.until { viewModel.items.count == 2 && viewModel.photo(at: 0)?.folder?.photosBelow == nil }
        viewModel.update(.willDisplay(0))
        await viewModel.until { viewModel.photo(at: 0)?.folder?.photosBelow == 3 }
    }

    /// `gallery` with no argument opens the folder it starts in when there is something to see.
    @Test func aFolderHoldsMediaWhenAPhotoIsInItOrInAFolderBelow() throws {
        let flat = try tree(["a.jpg", "notes.txt"])
        let nested = try tree(["Pictures/2023/a.jpg", "Documents/notes.txt"])
        let none = try tree(["src/main.swift", "README.md", "empty/"])
        defer { [flat, nested, none].forEach { $0.remove() } }
        #expect(DirectorySource.holdsMedia(FilePath(flat.path)))
        #expect(DirectorySource.holdsMedia(FilePath(nested.path)))
        #expect(!DirectorySource.holdsMedia(FilePath(none.path)))
        #expect(!DirectorySource.holdsMedia(FilePath(none.path + "/no-such-folder")))
        // A photo told by its bytes alone, its name no photo's.
        try none.write(libraryJPEG, to: "scan0001")
        #expect(DirectorySource.holdsMedia(FilePath(none.path)))
    }

    @Test func recursiveListsEveryPhotoBelowAndSkipsLinkLoops() async throws {
        let folder = try tree(["a/b/c/", "top.jpg", "a/one.jpg", "a/b/c/deep.jpg", "a/b/readme.txt"])
        defer { folder.remove() }
        // A link back up: walking it would never end.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/a/b/c/up", withDestinationPath: folder.path)
        let source = try DirectorySource(path: FilePath(folder.path), recursive: true)
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["a/b/c/deep.jpg", "a/one.jpg", "top.jpg"])
        #expect(page.total == 3)
        #expect(page.note == "1 link loop skipped" && page.skipped == 2)
        #expect(source.name == DirectorySource.shownPath(FilePath(folder.path), home: "") + " (all below)")
    }

    /// Each folder is listed under its own path and links to it are skipped, whichever name the
    /// folder lists first (eight pairs: in readdir's hash order some link comes before its folder);
    /// a link to a folder outside the tree is walked under its own name.
    @Test func recursiveListsAFolderUnderItsOwnPathNotALinkToIt() async throws {
        let names = (1...8).map { "f\($0)" }
        let folder = try tree(names.flatMap { ["\($0)/", "\($0)/p.jpg"] } + ["top.jpg"])
        defer { folder.remove() }
        let outside = try tree(["o.jpg"])
        defer { outside.remove() }
        for name in names {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/link-" + name, withDestinationPath: name)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/f1/deep-link", withDestinationPath: folder.path + "/f8")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/elsewhere", withDestinationPath: outside.path)
        let page = try await DirectorySource(path: FilePath(folder.path), recursive: true).page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["elsewhere/o.jpg"] + names.map { "\($0)/p.jpg" } + ["top.jpg"])
        #expect(page.photos.allSatisfy { $0.folder == nil })
        #expect(page.note == "9 link loops skipped")
    }

    @Test func aGivenListShowsExactlyThosePaths() async throws {
        let folder = try tree(["x/", "y/", "x/same.jpg", "y/same.jpg", "y/other.jpg", "notes.txt"])
        defer { folder.remove() }
        let given = ["/y/same.jpg", "/x/same.jpg", "/x", "/notes.txt", "/gone.jpg"].map { FilePath(folder.path + $0) }
        let source = try DirectorySource(paths: given)
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["\(folder.url.lastPathComponent)/x", "x/same.jpg", "y/same.jpg"])
        #expect(page.note == "no such file: \(folder.path)/gone.jpg" && page.skipped == 2)
        #expect(source.name == "5 paths")
        #expect(throws: GalleryError.nothingToShow) { try DirectorySource(paths: [folder.path + "/notes.txt"].map { FilePath($0) }) }
    }

    @Test func aPhotoOpensInItsFolderAndOtherPathsSayWhatToDo() throws {
        let folder = try tree(["b.jpg", "a.jpg", "notes.txt"])
        defer { folder.remove() }
        let opened = try DirectorySource.opening(FilePath(folder.path + "/./b.jpg"))
        #expect(opened.photoID == folder.path + "/b.jpg")
        #expect(opened.source.path?.description == folder.path)
        #expect(opened.source.index(ofID: folder.path + "/b.jpg") == 1)
        #expect(try DirectorySource.opening(FilePath(folder.path + "/")).photoID == nil)
        #expect(throws: GalleryError.noSuchPath(folder.path + "/nope.jpg")) { try DirectorySource.opening(FilePath(folder.path + "/nope.jpg")) }
        #expect(throws: GalleryError.notAPhoto(folder.path + "/notes.txt")) { try DirectorySource.opening(FilePath(folder.path + "/notes.txt")) }
    }

    @Test func goingUpNamesTheParentAndThisFolder() throws {
        let folder = try tree(["inner/"])
        defer { folder.remove() }
        let inner = try DirectorySource(path: FilePath(folder.path + "/inner/../inner/"), order: .size, reversed: true)
        #expect(inner.path?.description == folder.path + "/inner")
        let parent = try #require(try inner.parentFolder())
        #expect(parent.source.path?.description == folder.path)
        #expect(parent.childID == folder.path + "/inner")
        #expect(parent.source.order == .size && parent.source.reversed)
        #expect(try DirectorySource(path: FilePath("/")).parentFolder() == nil)
    }
}

@MainActor
@Suite("Library edits with holes")
struct LibraryEditTests {
    @Test func trashingBeforeAHoleKeepsLaterPagesInTheirPlaces() async throws {
        let folder = try libraryTree(["pictures/"] + (1...100).map { "pictures/img\($0).jpg" })
        defer { folder.remove() }
        let source = try DirectorySource(path: FilePath(folder.path + "/pictures"))
        let viewModel = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                        renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        let files = PhotoFileActions(files: source, trash: FreedesktopTrash(homeTrash: FilePath(folder.path + "/Trash")),
                                     grids: { [viewModel] })
        viewModel.update(.appeared)
        await viewModel.until { viewModel.items.count == 100 }
        viewModel.update(.willDisplay(99))
        await viewModel.until { viewModel.photo(at: 99) != nil }
        // img2 goes: page 1 now ends where page 2 (never loaded) began, and page 4 moves up by one.
        files.askToTrash(in: viewModel, selected: viewModel.photo(at: 1))
        files.answer(yes: true)
        #expect(viewModel.items.count == 99)
        #expect(viewModel.total == 99)
        #expect(viewModel.photo(at: 98)?.title == "img100.jpg")
        #expect(viewModel.photo(at: 29) == nil)
        viewModel.update(.willDisplay(29))
        await viewModel.until { viewModel.photo(at: 29) != nil }
        #expect(viewModel.photo(at: 29)?.title == "img31.jpg")
        #expect(viewModel.photos.map(\.title).filter { $0 == "img2.jpg" }.isEmpty)
        files.undo()
        #expect(viewModel.items.count == 100 && viewModel.photo(at: 1)?.title == "img2.jpg")
        #expect(try await source.page(of: .all, page: 1, perPage: 30).total == 100)
    }
}
