import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import TestSupport
import TUI
import Testing
@testable import Gallery

/// A Live Photo (a HEIC or JPEG beside the MOV of its name) and a RAW+JPEG pair are one item each:
/// one tile, counted once, their files trashed, restored, renamed and picked together.
@MainActor
@Suite("Companion files")
struct CompanionFilesTests {
    /// Imaging's fixtures: a 1 s, 10 fps clip (as a Live Photo's motion) and the 5 s clip.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImagingTests/Fixtures")

    /// IMG_1234.JPG with IMG_1234.mov, DSC_0001.JPG with DSC_0001.NEF (bytes no decoder reads),
    /// DSC_0002.jpeg with DSC_0002.nef (a TIFF inside, listed as a photo on its own), a RAW file
    /// with no JPEG, and a plain photo.
    static func cameraRoll() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))
        for name in ["IMG_1234.JPG", "DSC_0001.JPG", "DSC_0002.jpeg", "plain.jpg"] { try folder.write(jpeg, to: name) }
        try folder.write(Array(try Data(contentsOf: fixtures.appendingPathComponent("rotated.mov"))), to: "IMG_1234.mov")
        try folder.write(Array("a camera's raw sensor data".utf8), to: "DSC_0001.NEF")
        try folder.write([0x49, 0x49, 0x2A, 0x00] + Array(repeating: 0, count: 64), to: "DSC_0002.nef")
        try folder.write(Array("raw data without its JPEG".utf8), to: "lonely.CR3")
        return folder
    }

    @Test func pairsAreOneItemEachAndTheCountSaysPhotos() async throws {
        let folder = try Self.cameraRoll()
        defer { folder.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["DSC_0001.JPG", "DSC_0002.jpeg", "IMG_1234.JPG", "plain.jpg"])
        #expect(page.total == 4)
        #expect(page.skipped == 1, "the RAW file without a JPEG is a file no decoder reads here")
        let byName = Dictionary(uniqueKeysWithValues: page.photos.map { ($0.title, $0) })
        let live = try #require(byName["IMG_1234.JPG"])
        #expect(live.isLive)
        #expect(live.companions == [Companion(path: FilePath(folder.path + "/IMG_1234.mov"), role: .motion)])
        #expect(live.motion == FilePath(folder.path + "/IMG_1234.mov"))
        #expect(byName["DSC_0001.JPG"]?.raw == FilePath(folder.path + "/DSC_0001.NEF"))
        #expect(byName["DSC_0002.jpeg"]?.raw == FilePath(folder.path + "/DSC_0002.nef"), "a RAW file listed as a photo joins its JPEG too")
        #expect(byName["plain.jpg"]?.companions == [])
        #expect(try await source.extraDetails(for: live).first == "Live Photo: IMG_1234.JPG + IMG_1234.mov")
        let pair = try #require(byName["DSC_0001.JPG"])
        #expect(try await source.extraDetails(for: pair).first == "RAW+JPEG: DSC_0001.JPG + DSC_0001.NEF")
        #expect(source.filePaths(of: pair) == [FilePath(folder.path + "/DSC_0001.JPG"), FilePath(folder.path + "/DSC_0001.NEF")])
    }

    @Test func aCompanionGivenAloneOpensOnItsItem() throws {
        let folder = try Self.cameraRoll()
        defer { folder.remove() }
        let opened = try DirectorySource.opening(FilePath(folder.path + "/IMG_1234.mov"))
        #expect(opened.photoID == folder.path + "/IMG_1234.JPG")
        #expect(try DirectorySource.opening(FilePath(folder.path + "/DSC_0001.NEF")).photoID == folder.path + "/DSC_0001.JPG")
    }

    @Test func aMOVWithoutItsStillAndAStillOfAnotherFolderStayApart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3)))
        let clip = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("rotated.mov")))
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        try folder.write(jpeg, to: "sub/IMG_1.JPG")
        try folder.write(clip, to: "IMG_1.MOV")
        try folder.write(jpeg, to: "IMG_2.png.jpg")
        try folder.write(clip, to: "IMG_2.MOV")
        let source = try DirectorySource(path: FilePath(folder.path), recursive: true)
        let photos = try await source.page(of: .all, page: 1, perPage: 30).photos
        #expect(photos.map(\.title).sorted() == ["IMG_1.MOV", "IMG_2.MOV", "IMG_2.png.jpg", "sub/IMG_1.JPG"])
        #expect(photos.allSatisfy { $0.companions.isEmpty })
    }

    @Test func aCompanionTakesTheNewStemWithItsOwnExtension() {
        let motion = Companion(path: "/roll/IMG_1234.MOV", role: .motion)
        #expect(motion.renamed(withMainFileNamed: "Beach.HEIC").path == "/roll/Beach.MOV")
        #expect(motion.renamed(withMainFileNamed: "no extension").path == "/roll/no extension.MOV")
        #expect(motion.renamed(withMainFileNamed: "a.b.jpg").path == "/roll/a.b.MOV")
    }

    /// The folder's source, a grid over it and the file actions with a trash of its own.
    private func actions(on folder: TemporaryDirectory) async throws -> (DirectorySource, PhotosViewModel, PhotoFileActions) {
        let source = try DirectorySource(path: FilePath(folder.path))
        let grid = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                   renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        let trash = FreedesktopTrash(homeTrash: FilePath(folder.path + "/.data/Trash"))
        let files = PhotoFileActions(files: source, trash: trash, grids: { [grid] })
        grid.update(.appeared)
        await grid.until { grid.photos.count == 4 }
        return (source, grid, files)
    }

    @Test func trashTakesBothFilesAndUBringsBothBackByteIdentical() async throws {
        let folder = try Self.cameraRoll()
        defer { folder.remove() }
        let before = try folder.contents().map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + $0))) }
        let (_, grid, files) = try await actions(on: folder)
        files.askToTrash(in: grid, selected: grid.photos[2])
        #expect(files.statusText == "Move \"IMG_1234.JPG\" and its motion to the trash? y/n")
        files.answer(yes: false)
        grid.update(.toggleMark(0))
        grid.update(.toggleMark(2))
        files.askToTrash(in: grid, selected: nil)
        #expect(files.statusText == "Move 2 photos to the trash? y/n")
        files.answer(yes: true)
        #expect(files.statusText == "moved 2 photos to the trash (u restores)")
        #expect(grid.photos.map(\.title) == ["DSC_0002.jpeg", "plain.jpg"])
        #expect(folder.contents().filter { !$0.hasPrefix(".") } == ["DSC_0002.jpeg", "DSC_0002.nef", "lonely.CR3", "plain.jpg"])
        #expect(folder.contents(of: ".data/Trash/files") == ["DSC_0001.JPG", "DSC_0001.NEF", "IMG_1234.JPG", "IMG_1234.mov"])
        files.undo()
        #expect(files.statusText == "restored 2 photos")
        #expect(grid.photos.map(\.title) == ["DSC_0001.JPG", "DSC_0002.jpeg", "IMG_1234.JPG", "plain.jpg"])
        #expect(grid.photos[2].isLive)
        let after = try folder.contents().filter { !$0.hasPrefix(".") }
            .map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + $0))) }
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "every file back as it was")
    }

    @Test func renameTakesBothFilesToTheNewStemAndNeverOverwrites() async throws {
        let folder = try Self.cameraRoll()
        defer { folder.remove() }
        let (_, grid, files) = try await actions(on: folder)
        let live = try #require(grid.photos.first { $0.title == "IMG_1234.JPG" })
        // The motion's new name is taken: neither file moves.
        try folder.write(Array("somebody's".utf8), to: "Beach.mov")
        files.rename(live, to: "Beach.JPG")
        #expect(files.statusText == "Beach.mov already exists: nothing was renamed")
        #expect(folder.contents().contains("IMG_1234.JPG") && folder.contents().contains("IMG_1234.mov"))
        #expect(!folder.contents().contains("Beach.JPG"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Beach.mov")) == Data("somebody's".utf8))

        files.rename(live, to: "Harbour.JPG")
        #expect(files.statusText == "renamed IMG_1234.JPG to Harbour.JPG (and its motion)")
        #expect(folder.contents().contains("Harbour.JPG") && folder.contents().contains("Harbour.mov"))
        #expect(!folder.contents().contains("IMG_1234.mov"))
        let renamed = try #require(grid.photos.first { $0.title == "Harbour.JPG" })
        #expect(renamed.motion == FilePath(folder.path + "/Harbour.mov"))
        // Listed afresh, it is still one Live Photo.
        let relisted = try await DirectorySource(path: FilePath(folder.path)).page(of: .all, page: 1, perPage: 30).photos
        #expect(relisted.first { $0.title == "Harbour.JPG" }?.isLive == true)
    }

    @Test func theTileSaysLiveAndTheGridCountsPhotos() async throws {
        let folder = try Self.cameraRoll()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        let status = await app.settle()
        #expect(app.screen.text().joined().contains("LIVE IMG_1234.JPG"), "\(app.screen.text())")
        #expect(status.contains("4 photos") && status.contains("1 skipped"), "\(status)")
    }
}
