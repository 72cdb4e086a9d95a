import OperatingSystem
import TestSupport
import Foundation
import Imaging
import Net
import Testing
@testable import Gallery
import TerminalVocabulary

/// A folder of three JPEGs, a PNG, a JPEG without an extension, a text file, a hidden image, two
/// subfolders (one named like a JPEG), and an unreadable "image": a dangling link.
/// (Tests run as root, so permissions cannot make a file unreadable.)
struct PictureFolder {
    let directory: TemporaryDirectory
    var path: String { directory.path }
    var url: URL { directory.url }
    /// The listing's titles in order: folders first, then images by name ignoring case, unreadable ones included.
    static let listed = ["folder.jpg", "holiday", "A.jpeg", "b.jpg", "broken.jpg", "c photo.jpg", "d.png", "no-extension"]
    /// The files that are not pictures: notes.txt, and fake.jpg (HTML named like a JPEG).
    static let unsupported = 2

    /// A listed item's id: its absolute path.
    func id(_ name: String) -> String { path + "/" + name }

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write(JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(200, 30, 30))), to: "A.jpeg")
        try directory.write(JPEGCodec.encode(RGBImage(width: 40, height: 30, filledWith: RGB(30, 200, 30))), to: "b.jpg")
        try directory.write(JPEGCodec.encode(RGBImage(width: 30, height: 40, filledWith: RGB(30, 30, 200))), to: "c photo.jpg")
        try directory.write(PNGCodec.encode(RGBImage(width: 17, height: 9, filledWith: RGB(9, 9, 9))), to: "d.png")
        try directory.write(JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3))), to: "no-extension")
        try directory.write(JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3))), to: ".hidden.jpg")
        try directory.write(Array("not a picture\n".utf8), to: "notes.txt")
        try directory.write(Array("<html>".utf8), to: "fake.jpg")
        try FileManager.default.createSymbolicLink(atPath: path + "/broken.jpg", withDestinationPath: path + "/nowhere")
        try FileManager.default.createDirectory(atPath: path + "/folder.jpg", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path + "/holiday", withIntermediateDirectories: false)
    }
}

@Suite("DirectorySource")
struct DirectorySourceTests {
    @Test func listsImagesByContentSortedAndPaged() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let first = try await source.page(of: .all, page: 1, perPage: 4)
        let second = try await source.page(of: .all, page: 2, perPage: 4)
        #expect((first.photos + second.photos).map(\.title) == PictureFolder.listed)
        #expect(first.photos.first?.id == folder.id("folder.jpg"))
        #expect(!first.isLast && second.isLast)
        #expect(first.total == PictureFolder.listed.count)
        #expect(first.note == nil && first.skipped == 2)
        #expect(first.photos.prefix(2).allSatisfy { $0.folder != nil } && second.photos.allSatisfy { $0.folder == nil })
        #expect(try await source.photos(page: 3, perPage: 4).isEmpty)
        #expect(source.name == DirectorySource.shownPath(FilePath(folder.path), home: ""))
    }

    /// The status bar names a folder by its path, home as `~`, a deep one by its last three folders.
    @Test func aFolderIsNamedByItsPathShortened() {
        let home = "/home/ann"
        #expect(DirectorySource.shownPath("/home/ann/Pictures/2023/07", home: home) == "~/Pictures/2023/07")
        #expect(DirectorySource.shownPath("/home/ann/Pictures/Photos/2023/07", home: home) == "…/Photos/2023/07")
        #expect(DirectorySource.shownPath("/home/ann", home: home) == "~")
        #expect(DirectorySource.shownPath("/home/anna/x", home: home) == "/home/anna/x")
        #expect(DirectorySource.shownPath("/srv/a/b/c", home: home) == "/srv/a/b/c")
        #expect(DirectorySource.shownPath("/srv/a/b/c/d", home: home) == "…/b/c/d")
        #expect(DirectorySource.shownPath("/", home: home) == "/")
        #expect(DirectorySource.shownPath("/x", home: "/") == "/x")
        let long = DirectorySource.shownPath("/tmp/gallery-tests-F7813E8F-1396-4513-A750-79C403D0AB12/Holiday", home: home)
        #expect(long.count == DirectorySource.longestShownPath && long.hasPrefix("…") && long.hasSuffix("AB12/Holiday"))
    }

    @Test func photosCarryHeaderDimensionsNameAndTime() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let photos = try await DirectorySource(path: FilePath(folder.path)).photos(page: 1, perPage: 30)
        let byName = Dictionary(uniqueKeysWithValues: photos.map { ($0.title, $0) })
        #expect(byName["A.jpeg"].map { ($0.width, $0.height) } ?? (0, 0) == (64, 48))
        #expect(byName["d.png"].map { ($0.width, $0.height) } ?? (0, 0) == (17, 9))
        #expect(byName["broken.jpg"].map { ($0.width, $0.height) } ?? (1, 1) == (0, 0))
        #expect(byName["c photo.jpg"]?.title == "c photo.jpg")
        // The modification time is no date taken: without one, the photo has no creation date.
        #expect(byName["b.jpg"]?.createdAt == nil)
        #expect(byName["b.jpg"]?.author == nil && byName["b.jpg"]?.webPage == nil)
    }

    @Test func detailShowsFileFactsAndNoAttribution() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let photo = try await source.photo(id: folder.id("d.png"))
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/d.png")[.size] as? Int)
        let details = try await source.extraDetails(for: photo)
        #expect(details.first == "File: d.png")
        #expect(details.contains("Size: \(size) B (\(size) bytes)"))
        let modified = try #require(FileManager.default.attributesOfItem(atPath: folder.path + "/d.png")[.modificationDate] as? Date)
        #expect(details.contains("Modified: \(TakenDate.text(ofInstant: Int(modified.timeIntervalSince1970)))"))
        #expect(TakenDate.text(ofInstant: 1_690_456_264, locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!)
                == "27 Jul 2023 at 11:11")
        #expect(!details.contains { $0.hasPrefix("Modified: 20") && $0.contains("T") }, "no ISO timestamp")
        #expect(!details.contains { $0.hasPrefix("Taken") })
        #expect(source.attribution(for: photo) == nil)
        #expect(!source.hasLikes)
        await #expect(throws: GalleryError.self) { try await source.photo(id: folder.id("../../etc/passwd")) }
        await #expect(throws: GalleryError.self) { try await source.photo(id: "/etc/passwd") }
        await #expect(throws: GalleryError.self) { try await source.photo(id: folder.id("notes.txt")) }
    }

    @Test func searchMatchesFileNamesIgnoringCase() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        #expect(source.supportsSearch)
        #expect(try await source.search(query: "PHOTO", page: 1, perPage: 30).map(\.title) == ["c photo.jpg"])
        #expect(try await source.search(query: ".JP", page: 1, perPage: 2).map(\.title) == ["folder.jpg", "A.jpeg"])
        #expect(try await source.search(query: "zebra", page: 1, perPage: 30).isEmpty)
    }

    @Test func aMissingFolderOrAFileIsAClearError() throws {
        #expect(throws: GalleryError.unreadableFolder(path: "/nonexistent-gallery", reason: "No such file or directory")) {
            try DirectorySource(path: FilePath("/nonexistent-gallery"))
        }
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        #expect(throws: GalleryError.self) { try DirectorySource(path: FilePath(folder.path + "/b.jpg")) }
    }

    @Test func imagesAreFilesThatOnlyTheLocalLoaderReads() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let photo = try await source.photo(id: folder.id("c photo.jpg"))
        let location = try #require(source.imageLocation(for: photo, width: 10, height: 10, fit: .crop))
        #expect(location == .file(FilePath(folder.path + "/c photo.jpg")), "the path itself, never a file:// URL")
        let bytes = try await LocalFileImageLoader().imageData(at: location)
        #expect(bytes == Array(try Data(contentsOf: folder.url.appendingPathComponent("c photo.jpg"))))
        // The network loader refuses files; the local loader refuses everything else.
        await #expect(throws: GalleryError.self) { try await HTTPImageLoader(client: HTTPClient()).imageData(at: location) }
        await #expect(throws: GalleryError.self) { try await LocalFileImageLoader().imageData(at: .web("https://x.test/a.jpg")) }
    }

    @Test func unreadableFilesFailWithTheirReason() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let loader = LocalFileImageLoader()
        await #expect(throws: GalleryError.unreadableFile(name: "broken.jpg", reason: "No such file or directory")) {
            try await loader.imageData(at: .file(FilePath("\(folder.path)/broken.jpg")))
        }
        await #expect(throws: GalleryError.unreadableFile(name: "folder.jpg", reason: "Is a directory")) {
            try await loader.imageData(at: .file(FilePath("\(folder.path)/folder.jpg")))
        }
        await #expect(throws: GalleryError.self) { try await LocalFileImageLoader(maxBytes: 10).imageData(at: .file(FilePath("\(folder.path)/b.jpg"))) }
    }

    @Test @MainActor func gridShowsThumbnailsAndErrorCells() async throws {
        let folder = try PictureFolder()
        defer { folder.directory.remove() }
        let viewModel = PhotosViewModel(
            source: try DirectorySource(path: FilePath(folder.path)), loader: LocalFileImageLoader(),
            renderer: ThumbnailRenderer(mode: .ascii, depth: .none), renderMode: .ascii,
            cache: ThumbnailCache(capacityBytes: 1 << 20))
        viewModel.update(.appeared)
        await viewModel.until { viewModel.photos.count == PictureFolder.listed.count }
        #expect(viewModel.reachedEnd)
        #expect(viewModel.total == PictureFolder.listed.count)
        #expect(viewModel.sourceNote == nil && viewModel.skipped == 2)
        for index in viewModel.photos.indices { viewModel.update(.willDisplay(index)) }
        await viewModel.until { !viewModel.thumbnails.values.contains(.loading) }
        #expect(viewModel.thumbnails[folder.id("A.jpeg")]?.thumbnail != nil)
        #expect(viewModel.thumbnails[folder.id("d.png")]?.thumbnail != nil)
        #expect(viewModel.thumbnails[folder.id("broken.jpg")] == .failed("Cannot read broken.jpg: No such file or directory"))
        // Empty folders have no cover to load.
        #expect(viewModel.thumbnails[folder.id("folder.jpg")] == nil)
    }
}
