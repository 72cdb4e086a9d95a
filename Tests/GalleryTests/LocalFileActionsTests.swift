import Foundation
import Imaging
import OperatingSystem
import Testing
import TerminalEnvironment
@testable import Gallery

/// A folder of small JPEGs, its source, a grid's view model over it and the file actions, with a
/// trash in the folder's own XDG_DATA_HOME.
@MainActor private final class LocalFolder {
    let directory: TemporaryDirectory
    let pictures: String
    let source: DirectorySource
    let viewModel: PhotosViewModel
    let files: PhotoFileActions
    let trash: FreedesktopTrash
    /// A second grid over the folder (a search's results), not loaded until a test asks.
    let otherGrid: PhotosViewModel

    init(names: [String]) async throws {
        directory = try TemporaryDirectory()
        pictures = directory.path + "/pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(90, 60, 30)))
        for name in names { try Data(jpeg).write(to: URL(fileURLWithPath: pictures + "/" + name)) }
        source = try DirectorySource(path: pictures)
        viewModel = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                    renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        trash = FreedesktopTrash(homeTrash: directory.path + "/data/Trash")
        otherGrid = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                    renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        let grids = [viewModel, otherGrid]
        files = PhotoFileActions(files: source, trash: trash, grids: { grids })
        viewModel.viewDidLoad()
        await eventually { self.viewModel.photos.count == names.count }
    }

    var listed: [String] { viewModel.photos.map(\.id) }
    var onDisk: [String] { directory.contents(of: "pictures") }
    var inTrash: [String] { directory.contents(of: "data/Trash/files") }

    func photo(_ name: String) -> Photo { viewModel.photos.first { $0.id == name }! }
    func remove() { directory.remove() }
}

@MainActor
@Suite("Local file actions")
struct LocalFileActionsTests {
    @Test func spaceMarksByIdAndVInverts() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel
        viewModel.toggleMark(at: 1)
        #expect(viewModel.markedIDs == ["b.jpg"])
        viewModel.invertMarks()
        #expect(viewModel.markedPhotos.map(\.id) == ["a.jpg", "c.jpg"])
        viewModel.toggleMark(at: 0)
        #expect(viewModel.markedIDs == ["c.jpg"])
        viewModel.didEndDisplaying(index: 2)
        #expect(viewModel.markedIDs == ["c.jpg"], "a mark outlives its cell")
    }

    @Test func trashAsksFirstThenMovesTheMarkedAndURestoresThemInPlace() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel, files = folder.files
        viewModel.toggleMark(at: 1)
        viewModel.toggleMark(at: 3)
        files.askToTrash(in: viewModel, selected: folder.photo("a.jpg"))
        #expect(files.statusText == "Move 2 photos to the trash? y/n")
        files.answer(yes: false)
        #expect(files.statusText == "nothing was moved")
        #expect(folder.onDisk == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])

        let edits = viewModel.listEdits
        files.askToTrash(in: viewModel, selected: folder.photo("a.jpg"))
        files.answer(yes: true)
        #expect(files.statusText == "moved 2 photos to the trash (u restores)")
        #expect(folder.listed == ["a.jpg", "c.jpg"])
        #expect(folder.onDisk == ["a.jpg", "c.jpg"])
        #expect(folder.inTrash == ["b.jpg", "d.jpg"])
        #expect(viewModel.markedIDs.isEmpty)
        #expect(viewModel.listEdits > edits)

        // A refresh lists the folder again: the trashed files stay out.
        viewModel.refresh()
        await eventually { viewModel.photos.count == 2 }
        #expect(folder.listed == ["a.jpg", "c.jpg"])

        files.restoreLastBatch()
        #expect(files.statusText == "restored 2 photos")
        #expect(folder.listed == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(folder.onDisk == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(folder.inTrash.isEmpty)
        files.restoreLastBatch()
        #expect(files.statusText == "nothing to restore")
    }

    @Test func aGridThatHadNotListedTheTrashedPhotoNeverShowsItUntilRestored() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { folder.remove() }
        folder.files.askToTrash(in: folder.viewModel, selected: folder.photo("b.jpg"))
        folder.files.answer(yes: true)
        folder.otherGrid.viewDidLoad()
        await eventually { folder.otherGrid.photos.count == 2 }
        #expect(folder.otherGrid.photos.map(\.id) == ["a.jpg", "c.jpg"])
        folder.files.restoreLastBatch()
        #expect(folder.listed == ["a.jpg", "b.jpg", "c.jpg"])
        folder.otherGrid.refresh()
        await eventually { folder.otherGrid.photos.count == 3 }
        #expect(folder.otherGrid.photos.map(\.id) == ["a.jpg", "b.jpg", "c.jpg"])
    }

    @Test func withoutMarksTheSelectedPhotoGoes() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg"])
        defer { folder.remove() }
        folder.files.askToTrash(in: folder.viewModel, selected: folder.photo("b.jpg"))
        #expect(folder.files.question == "Move \"b.jpg\" to the trash? y/n")
        folder.files.answer(yes: true)
        #expect(folder.files.statusText == "moved 1 photo to the trash (u restores)")
        #expect(folder.listed == ["a.jpg"])
    }

    @Test func restoringOntoATakenNameLeavesItInTheTrash() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg"])
        defer { folder.remove() }
        folder.files.askToTrash(in: folder.viewModel, selected: folder.photo("a.jpg"))
        folder.files.answer(yes: true)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: folder.pictures + "/a.jpg"))
        folder.files.restoreLastBatch()
        #expect(folder.files.statusText == "a.jpg was not restored: another file has its name now; it stays in the trash")
        #expect(folder.inTrash == ["a.jpg"])
        #expect(folder.listed == ["b.jpg"])
        #expect(try String(contentsOfFile: folder.pictures + "/a.jpg", encoding: .utf8) == "someone else's")
        // Once the name is free, `u` brings it back.
        try FileManager.default.removeItem(atPath: folder.pictures + "/a.jpg")
        folder.files.restoreLastBatch()
        #expect(folder.files.statusText == "restored 1 photo")
        #expect(folder.listed == ["a.jpg", "b.jpg"])
    }

    @Test func renameNeverOverwritesAndRefusesBadNames() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg"])
        defer { folder.remove() }
        let files = folder.files
        folder.viewModel.toggleMark(at: 0)
        #expect(files.renamableName(of: folder.photo("a.jpg")) == "a.jpg")
        files.rename(folder.photo("a.jpg"), to: "b.jpg")
        #expect(files.statusText == "b.jpg already exists: nothing was renamed")
        for (name, message) in [("", "a name cannot be empty: nothing was renamed"),
                                ("x/y.jpg", "a name cannot contain \"/\": nothing was renamed"),
                                ("..", "\"..\" cannot be a file's name: nothing was renamed")] {
            files.rename(folder.photo("a.jpg"), to: name)
            #expect(files.statusText == message)
        }
        #expect(folder.onDisk == ["a.jpg", "b.jpg"])

        files.rename(folder.photo("a.jpg"), to: "z.jpg")
        #expect(files.statusText == "renamed a.jpg to z.jpg")
        #expect(folder.onDisk == ["b.jpg", "z.jpg"])
        #expect(folder.listed == ["z.jpg", "b.jpg"], "the renamed photo keeps its place")
        #expect(folder.photo("z.jpg").displayText == "z.jpg")
        #expect(folder.viewModel.markedIDs == ["z.jpg"])
        // The folder knows the new name: the detail pane can fetch it.
        #expect(try await folder.source.photo(id: "z.jpg").id == "z.jpg")
    }

    @Test func aWebCatalogSaysTheseKeysAreForFiles() async {
        let files = PhotoFileActions(files: nil, trash: nil, grids: { [] })
        files.restoreLastBatch()
        #expect(files.statusText == "only files in a folder can be restored")
        #expect(files.renamableName(of: Photo.sample("p")) == nil)
        #expect(files.statusText == "only files in a folder can be renamed")
    }
}

@MainActor
@Suite("PhotoActions on local files")
struct LocalPhotoActionsTests {
    @Test func oOpensTheFileYCopiesItsPathDSaysItIsThere() async throws {
        let folder = try await LocalFolder(names: ["a b.jpg"])
        defer { folder.remove() }
        let opener = FakeOpener(available: true)
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: opener, downloader: nil, clipboard: clipboard, files: folder.source)
        let photo = folder.photo("a b.jpg")
        let path = folder.pictures + "/a b.jpg"
        actions.open(photo)
        #expect(opener.urls == [path])
        #expect(actions.statusText == "opening a b.jpg with the opener")
        actions.copyLink(of: photo)
        #expect(clipboard.copied == [path])
        #expect(actions.statusText == "copied \(path)")
        actions.download(photo)
        #expect(actions.statusText == "already on disk: \(path)")

        let none = PhotoActions(opener: FakeOpener(available: false), downloader: nil, clipboard: nil, files: folder.source)
        none.open(photo)
        #expect(none.statusText == "nothing opens files here: install xdg-utils (xdg-open) to open a b.jpg")
    }

    @Test func aFailingOpenerIsReported() async throws {
        let folder = try await LocalFolder(names: ["a.jpg"])
        defer { folder.remove() }
        let bin = try TemporaryDirectory()
        defer { bin.remove() }
        try bin.write(Array("#!/bin/sh\nexit 3\n".utf8), to: "xdg-open")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path + "/xdg-open")
        let actions = PhotoActions(opener: SystemURLOpener(searchPath: bin.path), downloader: nil, clipboard: nil,
                                   files: folder.source)
        actions.open(folder.photo("a.jpg"))
        #expect(actions.statusText == "opening a.jpg with xdg-open")
        await eventually { actions.statusText == "xdg-open could not open a.jpg" }
        #expect(actions.statusText == "xdg-open could not open a.jpg")
    }

    @Test func anEmptyClipboardIsNeverSent() {
        var sent: [[UInt8]] = []
        OSC52Clipboard { sent.append($0) }.copy("")
        #expect(sent.isEmpty)
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: nil, downloader: nil, clipboard: clipboard)
        let linkless = Photo(id: "x", width: 1, height: 1, user: .init(name: "n", username: "u"),
                             urls: .init(raw: "", full: "", regular: "", small: "", thumb: ""), links: .init(html: ""))
        actions.copyLink(of: linkless)
        #expect(clipboard.copied.isEmpty)
        #expect(actions.statusText == "this photo has no link to copy")
    }
}
