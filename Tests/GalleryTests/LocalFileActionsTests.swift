import TestSupport
import Foundation
import Imaging
import OperatingSystem
import Testing
import TerminalVocabulary
@testable import Gallery

/// A folder of small JPEGs (a name ending in "/" is a folder), its source, a grid's view model over
/// it and the file actions, with a trash in the folder's own XDG_DATA_HOME.
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
        for name in names {
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: pictures + "/" + name, withIntermediateDirectories: true)
            } else {
                try Data(jpeg).write(to: URL(fileURLWithPath: pictures + "/" + name))
            }
        }
        source = try DirectorySource(path: FilePath(pictures))
        viewModel = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                    renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        trash = FreedesktopTrash(homeTrash: FilePath(directory.path + "/data/Trash"))
        otherGrid = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                    renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        let grids = [viewModel, otherGrid]
        files = PhotoFileActions(files: source, trash: trash, grids: { grids })
        viewModel.update(.appeared)
        let listed = names.filter { !$0.dropLast($0.hasSuffix("/") ? 1 : 0).contains("/") }.count
        await self.viewModel.until { self.viewModel.photos.count == listed }
    }

    /// The listed photos' names (a local photo's id is its absolute path).
    var listed: [String] { viewModel.photos.map(\.title) }
    var onDisk: [String] { directory.contents(of: "pictures") }
    var inTrash: [String] { directory.contents(of: "data/Trash/files") }

    func photo(_ name: String) -> LibraryItem { viewModel.photos.first { $0.title == name }! }
    /// The names of the marked files.
    func names(_ marks: Marks) -> Set<String> { Set(marks.photos.keys.map { LocalFile.name(of: $0) }) }
    func remove() { directory.remove() }
}

@MainActor
@Suite("Local file actions")
struct LocalFileActionsTests {
    @Test func spaceMarksByPathAndVInverts() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel
        viewModel.update(.toggleMark(1))
        #expect(folder.names(viewModel.marks) == ["b.jpg"])
        viewModel.update(.invertMarks)
        #expect(viewModel.markedPhotos.map(\.title) == ["a.jpg", "c.jpg"])
        viewModel.update(.toggleMark(0))
        #expect(folder.names(viewModel.marks) == ["c.jpg"])
        viewModel.update(.didEndDisplaying(2))
        #expect(folder.names(viewModel.marks) == ["c.jpg"], "a mark outlives its cell")
    }

    @Test func trashAsksFirstThenMovesTheMarkedAndURestoresThemInPlace() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel, files = folder.files
        viewModel.update(.toggleMark(1))
        viewModel.update(.toggleMark(3))
        files.askToTrash(in: viewModel, selected: folder.photo("a.jpg"))
        #expect(files.statusText == "Move 2 photos to the trash? y/n")
        files.answer(yes: false)
        #expect(files.statusText == "nothing was moved")
        #expect(folder.onDisk == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])

        _ = viewModel.takeListChanges()
        files.askToTrash(in: viewModel, selected: folder.photo("a.jpg"))
        files.answer(yes: true)
        #expect(files.statusText == "moved 2 photos to the trash (u restores)")
        #expect(folder.listed == ["a.jpg", "c.jpg"])
        #expect(folder.onDisk == ["a.jpg", "c.jpg"])
        #expect(folder.inTrash == ["b.jpg", "d.jpg"])
        #expect(viewModel.marks.isEmpty)
        #expect(viewModel.takeListChanges() == [.edited], "the grid is told once that photos left")

        // A refresh lists the folder again: the trashed files stay out.
        viewModel.update(.refresh)
        await viewModel.until { viewModel.photos.count == 2 }
        #expect(folder.listed == ["a.jpg", "c.jpg"])

        files.undo()
        #expect(files.statusText == "restored 2 photos")
        #expect(folder.listed == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(folder.onDisk == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(folder.inTrash.isEmpty)
        files.undo()
        #expect(files.statusText == "nothing to undo")
    }

    @Test func aGridThatHadNotListedTheTrashedPhotoNeverShowsItUntilRestored() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { folder.remove() }
        folder.files.askToTrash(in: folder.viewModel, selected: folder.photo("b.jpg"))
        folder.files.answer(yes: true)
        folder.otherGrid.update(.appeared)
        await folder.otherGrid.until { folder.otherGrid.photos.count == 2 }
        #expect(folder.otherGrid.photos.map(\.title) == ["a.jpg", "c.jpg"])
        folder.files.undo()
        #expect(folder.listed == ["a.jpg", "b.jpg", "c.jpg"])
        folder.otherGrid.update(.refresh)
        await folder.otherGrid.until { folder.otherGrid.photos.count == 3 }
        #expect(folder.otherGrid.photos.map(\.title) == ["a.jpg", "b.jpg", "c.jpg"])
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
        folder.files.undo()
        #expect(folder.files.statusText == "a.jpg was not restored: another file has its name now; it stays in the trash")
        #expect(folder.inTrash == ["a.jpg"])
        #expect(folder.listed == ["b.jpg"])
        #expect(try String(contentsOfFile: folder.pictures + "/a.jpg", encoding: .utf8) == "someone else's")
        // Once the name is free, `u` brings it back.
        try FileManager.default.removeItem(atPath: folder.pictures + "/a.jpg")
        folder.files.undo()
        #expect(folder.files.statusText == "restored 1 photo")
        #expect(folder.listed == ["a.jpg", "b.jpg"])
    }

    @Test func renameNeverOverwritesAndRefusesBadNames() async throws {
        let folder = try await LocalFolder(names: ["a.jpg", "b.jpg"])
        defer { folder.remove() }
        let files = folder.files
        folder.viewModel.update(.toggleMark(0))
        #expect(files.renamableName(of: folder.photo("a.jpg")) == "a.jpg")
        files.rename(folder.photo("a.jpg"), to: "b.jpg")
        #expect(files.statusText == "b.jpg already exists: nothing was renamed")
        for (name, message) in [("", "a name cannot be empty: nothing was renamed"),
                                ("x/y.jpg", "a name cannot contain \"/\": nothing was renamed"),
                                ("..", "\"..\" cannot be a file's name: nothing was renamed"),
                                // 304 bytes: refused, not cut to 255 without its extension.
                                (String(repeating: "L", count: 300) + ".jpg", "a name holds at most 255 bytes here, not 304: nothing was renamed"),
                                (String(repeating: "é", count: 128) + ".jpg", "a name holds at most 255 bytes here, not 260: nothing was renamed")] {
            files.rename(folder.photo("a.jpg"), to: name)
            #expect(files.statusText == message)
        }
        #expect(folder.onDisk == ["a.jpg", "b.jpg"])

        files.rename(folder.photo("a.jpg"), to: "z.jpg")
        #expect(files.statusText == "renamed a.jpg to z.jpg")
        #expect(folder.onDisk == ["b.jpg", "z.jpg"])
        #expect(folder.listed == ["z.jpg", "b.jpg"], "the renamed photo keeps its place")
        #expect(folder.photo("z.jpg").title == "z.jpg")
        #expect(folder.names(folder.viewModel.marks) == ["z.jpg"])
        // The folder knows the new name: the detail pane can fetch it.
        let renamed = folder.pictures + "/z.jpg"
        #expect(try await folder.source.photo(id: renamed).id == renamed)
    }

    @Test func theDetailPaneStepsOverFolderTiles() async throws {
        // Folders are listed first: ← from the first photo has no photo to go to, not the folder.
        let folder = try await LocalFolder(names: ["sub/", "a.jpg", "b.jpg", "zz/"])
        defer { folder.remove() }
        #expect(folder.listed == ["sub", "zz", "a.jpg", "b.jpg"])
        let first = folder.photo("a.jpg"), last = folder.photo("b.jpg")
        #expect(await folder.viewModel.photo(adjacentTo: first.id, offset: -1) == nil)
        #expect(await folder.viewModel.photo(adjacentTo: first.id, offset: 1)?.id == last.id)
        #expect(await folder.viewModel.photo(adjacentTo: last.id, offset: -1)?.id == first.id)
    }

    @Test func aFolderTileIsNeverMarked() async throws {
        let folder = try await LocalFolder(names: ["sub/", "sub/x.jpg", "a.jpg", "b.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel
        #expect(folder.listed == ["sub", "a.jpg", "b.jpg"])
        viewModel.update(.toggleMark(0))
        #expect(viewModel.note == "folders are not marked")
        #expect(viewModel.marks.isEmpty)
        viewModel.update(.note(nil))
        viewModel.update(.toggleMark(1))
        #expect(viewModel.note == nil)
        viewModel.update(.invertMarks)
        #expect(folder.names(viewModel.marks) == ["b.jpg"])
        viewModel.update(.invertMarks)
        #expect(viewModel.markedPhotos.map(\.title) == ["a.jpg"])
    }

    @Test func theQuestionSaysItIsAFolderAndWhatItHolds() async throws {
        let folder = try await LocalFolder(names: ["empty/", "mixed/", "mixed/a.jpg", "mixed/b.jpg", "mixed/in/", "one/", "one/a.jpg"])
        defer { folder.remove() }
        let questions = ["empty", "mixed", "one"].map { name in
            folder.files.askToTrash(in: folder.viewModel, selected: folder.photo(name))
            defer { folder.files.answer(yes: false) }
            return folder.files.question
        }
        #expect(questions == ["Move the empty folder \"empty\" to the trash? y/n",
                              "Move the folder \"mixed\" and its 2 photos and 1 folder to the trash? y/n",
                              "Move the folder \"one\" and its 1 photo to the trash? y/n"])
        #expect(folder.onDisk == ["empty", "mixed", "one"])
    }

    @Test func dOnAFolderTileMovesTheFolderToTheTrashAndUPutsItBack() async throws {
        let folder = try await LocalFolder(names: ["sub/", "sub/x.jpg", "a.jpg"])
        defer { folder.remove() }
        let viewModel = folder.viewModel, files = folder.files
        #expect(viewModel.folderCount == 1)
        files.askToTrash(in: viewModel, selected: folder.photo("sub"))
        #expect(files.question == "Move the folder \"sub\" and its 1 photo to the trash? y/n")
        files.answer(yes: true)
        #expect(files.statusText == "moved the folder \"sub\" to the trash (u restores)")
        #expect(folder.listed == ["a.jpg"])
        #expect(viewModel.folderCount == 0, "the status bar counts no folder")
        #expect(folder.onDisk == ["a.jpg"])
        #expect(folder.inTrash == ["sub"])
        #expect(folder.directory.contents(of: "data/Trash/files/sub") == ["x.jpg"])
        let record = try String(contentsOfFile: folder.directory.path + "/data/Trash/info/sub.trashinfo", encoding: .utf8)
        #expect(record.hasPrefix("[Trash Info]\nPath=\(FreedesktopTrash.percentEncoded(FilePath(folder.pictures)))/sub\n"))
        viewModel.update(.refresh)
        await viewModel.until { viewModel.photos.count == 1 }
        #expect(folder.listed == ["a.jpg"])

        files.undo()
        #expect(files.statusText == "restored the folder \"sub\"")
        #expect(folder.listed == ["sub", "a.jpg"])
        #expect(viewModel.folderCount == 1)
        #expect(folder.onDisk == ["a.jpg", "sub"])
        #expect(folder.directory.contents(of: "pictures/sub") == ["x.jpg"])
        #expect(folder.inTrash.isEmpty)
        viewModel.update(.refresh)
        await viewModel.until { viewModel.photos.count == 2 }
        #expect(folder.listed == ["sub", "a.jpg"])
    }

    /// A folder tile that is a symbolic link: the link goes to the trash and comes back, the
    /// folder it points to never moves.
    @Test func dOnALinkedFolderTileMovesTheLinkAlone() async throws {
        let folder = try await LocalFolder(names: ["sub/", "sub/x.jpg", "a.jpg"])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.pictures + "/zlink", withDestinationPath: "sub")
        try folder.source.relist(leavingOut: [])
        folder.viewModel.update(.refresh)
        await folder.viewModel.until { folder.viewModel.photos.count == 3 }
        let link = try #require(folder.viewModel.photos.first { $0.title == "zlink" })
        #expect(link.folder?.isLink == true && folder.photo("sub").folder?.isLink == false)
        folder.files.askToTrash(in: folder.viewModel, selected: link)
        #expect(folder.files.question == "Move the link \"zlink\" to the trash (not the folder it points to)? y/n")
        folder.files.answer(yes: true)
        #expect(folder.files.statusText == "moved the link \"zlink\" to the trash (u restores)")
        #expect(folder.onDisk == ["a.jpg", "sub"])
        #expect(folder.directory.contents(of: "pictures/sub") == ["x.jpg"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.directory.path + "/data/Trash/files/zlink") == "sub")
        folder.files.undo()
        #expect(folder.files.statusText == "restored the link \"zlink\"")
        #expect(folder.listed == ["sub", "zlink", "a.jpg"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.pictures + "/zlink") == "sub")
    }

    @Test func dWithMarksMovesOnlyTheMarkedPhotosWhateverIsSelected() async throws {
        let folder = try await LocalFolder(names: ["sub/", "sub/x.jpg", "a.jpg", "b.jpg"])
        defer { folder.remove() }
        folder.viewModel.update(.toggleMark(2))
        folder.files.askToTrash(in: folder.viewModel, selected: folder.photo("sub"))
        #expect(folder.files.question == "Move \"b.jpg\" to the trash? y/n")
        folder.files.answer(yes: true)
        #expect(folder.onDisk == ["a.jpg", "sub"])
        #expect(folder.inTrash == ["b.jpg"])
        #expect(folder.listed == ["sub", "a.jpg"])
    }

    @Test func rOnAFolderTileRenamesTheFolderNeverOverAnotherAndTheTileStillWorks() async throws {
        let folder = try await LocalFolder(names: ["empty/", "sub/", "sub/x.jpg", "a.jpg"])
        defer { folder.remove() }
        let files = folder.files
        #expect(files.renamableName(of: folder.photo("sub")) == "sub")
        // An empty folder is a name rename(2) would take over: refused as a file's is.
        for taken in ["a.jpg", "empty"] {
            files.rename(folder.photo("sub"), to: taken)
            #expect(files.statusText == "\(taken) already exists: nothing was renamed")
        }
        #expect(folder.onDisk == ["a.jpg", "empty", "sub"])

        files.rename(folder.photo("sub"), to: "trip")
        #expect(files.statusText == "renamed sub to trip")
        #expect(folder.onDisk == ["a.jpg", "empty", "trip"])
        #expect(folder.listed == ["empty", "trip", "a.jpg"], "the renamed folder keeps its place")
        let tile = folder.photo("trip")
        #expect(tile.id == folder.pictures + "/trip")
        #expect(tile.folder == PhotoFolder(path: FilePath(folder.pictures + "/trip"), photoCount: 1))
        #expect(tile.picture == .file(FilePath(folder.pictures + "/trip/x.jpg")), "the cover is read from the folder's new path")
        #expect(folder.viewModel.folderCount == 2)
        let inside = try #require(try folder.source.entering(tile))
        #expect(try await inside.photos(page: 1, perPage: 30).map(\.title) == ["x.jpg"])
        #expect(try await folder.source.photo(id: tile.id).folder?.path.description == folder.pictures + "/trip")
    }

    @Test func aWebCatalogSaysTheseKeysAreForFiles() async {
        let files = PhotoFileActions(files: nil, trash: nil, grids: { [] })
        files.undo()
        #expect(files.statusText == "only files in a folder can be restored")
        #expect(files.renamableName(of: LibraryItem.sample("p")) == nil)
        #expect(files.statusText == "only files in a folder can be renamed")
    }
}

@MainActor
@Suite("PhotoActions on local files")
struct LocalPhotoActionsTests {
    /// `c\xff.jpg` beside its look-alike `c\xef\xbf\xbd.jpg`: `y` copies its own bytes, `R` renames
    /// its own file (the typed name in the folder's bytes), and the twin is left alone.
    @Test func yCopiesTheBytesOfANameThatIsNotUTF8AndRRenamesItsOwnFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = FilePath(directory.path)
        let invalid = folder.appending(FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8)))
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(90, 60, 30)))
        try File.write(jpeg, to: invalid, .creatingNew(permissions: 0o600))
        try File.write(jpeg + [1], to: folder.appending("c\u{FFFD}.jpg"), .creatingNew(permissions: 0o600))
        let source = try DirectorySource(path: folder)
        let photo = try #require(try await source.photos(page: 1, perPage: 10).first { $0.title == "c\\xFF.jpg" })
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: nil, downloader: nil, clipboard: clipboard, files: source)
        actions.copyLink(of: photo)
        #expect(clipboard.copiedBytes == [invalid.bytes])
        #expect(actions.statusText == "copied \(directory.path)/c\\xFF.jpg to the fake")
        #expect(OSC52Clipboard.sequence(for: invalid.bytes)
                == Array("\u{1B}]52;c;\(Data(invalid.bytes).base64EncodedString())\u{07}".utf8))

        let files = PhotoFileActions(files: source, trash: FreedesktopTrash(homeTrash: FilePath(directory.path + "/Trash")), grids: { [] })
        files.rename(photo, to: "d.jpg")
        #expect(try File.read(folder.appending("d.jpg"), maxBytes: 1 << 20) == jpeg)
        #expect(try File.read(folder.appending("c\u{FFFD}.jpg"), maxBytes: 1 << 20) == jpeg + [1])
        #expect((try? FileStatus(path: invalid)) == nil)
    }

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
        #expect(actions.statusText == "copied \(path) to the fake")
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
        OSC52Clipboard { sent.append($0) }.copy([])
        #expect(sent.isEmpty)
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: nil, downloader: nil, clipboard: clipboard)
        let linkless = LibraryItem(id: "x", title: "", width: 1, height: 1, author: .init(name: "n", username: "u"),
                                   picture: .web(WebPicture(sizable: "", original: "")))
        actions.copyLink(of: linkless)
        #expect(clipboard.copied.isEmpty)
        #expect(actions.statusText == "this photo has no link to copy")
    }
}
