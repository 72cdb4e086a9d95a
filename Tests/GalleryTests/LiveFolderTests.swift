import TestSupport
import Foundation
import Imaging
import OperatingSystem
import TUI
import TerminalVocabulary
import Testing
@testable import Gallery

/// A folder changed by another program while the app shows it: photos come and go without a
/// restart, the selection stays on its photo.
@MainActor
@Suite("Live folder")
struct LiveFolderTests {
    /// The app's photo flow over a folder of small JPEGs, drawn on a headless screen.
    @MainActor private final class App: SceneDriving {
        let folder: TemporaryDirectory
        let jpeg: [UInt8]
        let navigator = Navigator(requestRedraw: {})
        let screen = InMemoryScreen(size: CellSize(columns: 100, rows: 30))
        let coordinator: PhotosCoordinator
        let renderer = FakeRenderer()
        let trash: FreedesktopTrash

        /// `preparing` changes the folder before the app lists it.
        init(names: [String], preparing: (TemporaryDirectory, [UInt8]) throws -> Void = { _, _ in }) async throws {
            folder = try TemporaryDirectory()
            jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))
            for name in names { try folder.write(jpeg, to: name) }
            try preparing(folder, jpeg)
            trash = FreedesktopTrash(homeTrash: FilePath(folder.path + "-trash"))
            var environment = AppEnvironment(
                source: try DirectorySource(path: FilePath(folder.path)), loader: LocalFileImageLoader(), renderer: renderer,
                sourceName: "pictures", renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
            environment.trash = trash
            coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
            coordinator.start()
            await eventually { self.listed.count >= names.count }
            draw()
        }

        var viewModel: PhotosViewModel { coordinator.viewModel! }
        var grid: PhotosView { coordinator.grids[0].view }
        var listed: [String] { coordinator.viewModel?.photos.map(\.title) ?? [] }
        var selected: String? { grid.selectedPhoto?.title }
        var relists: Int { coordinator.liveFolder?.relistCount ?? -1 }

        /// Presses `keys` and draws the frame they make (its layout notes the selected photo).
        func pressAndDraw(_ keys: Key...) {
            for key in keys { press(key) }
            draw()
        }

        /// Waits for the folder's next listing to be applied to the grid, and draws it.
        func waitForRelist(after count: Int) async {
            await eventually(timeout: .seconds(5)) { self.relists > count }
            draw()
        }

        func remove() {
            folder.remove()
            try? FileManager.default.removeItem(atPath: folder.path + "-trash")
        }
    }

    @Test func aPhotoCopiedInAppearsWithTheTotalAndTheSelectionStaysOnItsPhoto() async throws {
        let app = try await App(names: ["b.jpg", "c.jpg", "d.jpg"])
        defer { app.remove() }
        app.pressAndDraw(.right)
        #expect(app.selected == "c.jpg")
        #expect(app.statusLine.contains("3 photos"))

        // A name sorted before the selection: the selected photo moves one place, still selected.
        try app.folder.write(app.jpeg, to: "a.jpg")
        await app.waitForRelist(after: 0)
        #expect(app.listed == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(app.viewModel.total == 4)
        #expect(app.statusLine.contains("4 photos"), "\(app.statusLine)")
        #expect(app.selected == "c.jpg")
        #expect(app.grid.selectedPhoto.flatMap { app.viewModel.index(ofPhotoID: $0.id) } == 2)
    }

    @Test func theSelectionFollowsItsPhotoToAPageNotLoadedYet() async throws {
        let app = try await App(names: ["x.jpg", "y.jpg", "z.jpg"])
        defer { app.remove() }
        app.pressAndDraw(.right)
        for index in 0..<40 { try app.folder.write(app.jpeg, to: "a\(index).jpg") }
        await app.waitForRelist(after: 0)
        await app.viewModel.until { app.viewModel.total == 43 }
        app.draw()
        #expect(app.selected == "y.jpg", "41st of 43, on the second page of 30")
        #expect(app.statusLine.contains("42 of 43"), "\(app.statusLine)")
    }

    @Test func theSelectedPhotoDeletedLeavesTheSelectionOnItsNeighbourAndKeepsTheOthersThumbnails() async throws {
        let app = try await App(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        defer { app.remove() }
        await app.viewModel.until { app.viewModel.thumbnails.values.filter { $0.thumbnail != nil }.count == 4 }
        let rendered = app.renderer.renders
        app.pressAndDraw(.right)
        app.viewModel.update(.toggleMark(3))
        try FileManager.default.removeItem(atPath: app.folder.path + "/b.jpg")
        await app.waitForRelist(after: 0)
        #expect(app.listed == ["a.jpg", "c.jpg", "d.jpg"])
        #expect(app.statusLine.contains("3 photos"))
        #expect(app.selected == "c.jpg", "the photo after the one that went")
        #expect(app.viewModel.markedPhotos.map(\.title) == ["d.jpg"], "marks stay on their photos")
        await app.viewModel.until { app.viewModel.thumbnails.values.filter { $0.thumbnail != nil }.count == 3 }
        #expect(app.renderer.renders == rendered, "thumbnails already rendered are not rendered again")
    }

    @Test func aBurstOfFilesIsOneListingNotOneEach() async throws {
        let app = try await App(names: ["a.jpg"])
        defer { app.remove() }
        for index in 0..<50 { try app.folder.write(app.jpeg, to: "burst\(index).jpg") }
        await app.waitForRelist(after: 0)
        await app.viewModel.until { app.viewModel.total == 51 }
        try await Task.sleep(for: .milliseconds(600))
        #expect(app.relists == 1)
        #expect(app.statusLine.contains("51 photos"))

        try app.folder.write(Array("not a photo".utf8), to: "notes.txt")
        await app.waitForRelist(after: 1)
        #expect(app.statusLine.contains("51 photos · 1 skipped"), "\(app.statusLine)")
    }

    @Test func aFileBeingWrittenIsShownOnlyOnceComplete() async throws {
        let app = try await App(names: ["a.jpg"])
        defer { app.remove() }
        // Written in two halves, closed only after the second.
        let arriving = try FileDescriptor.open(app.folder.path + "/b.jpg", .creatingNew(permissions: 0o644))
        try arriving.write(all: Array(app.jpeg.prefix(app.jpeg.count / 2)))
        try app.folder.write(app.jpeg, to: "c.jpg")
        await app.waitForRelist(after: 0)
        #expect(app.listed == ["a.jpg", "c.jpg"], "b.jpg is still being written")
        try arriving.write(all: Array(app.jpeg.dropFirst(app.jpeg.count / 2)))
        try arriving.close()
        await app.waitForRelist(after: 1)
        #expect(app.listed == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(app.viewModel.photos[1].width == 16, "listed whole, with its size")
    }

    @Test func aFileListedHalfWrittenIsRenderedAgainWhenItsWritingEnds() async throws {
        var arriving: FileDescriptor?
        // The app starts while b.jpg is being written: it lists it, cut short.
        let app = try await App(names: ["a.jpg"]) { folder, jpeg in
            arriving = try FileDescriptor.open(folder.path + "/b.jpg", .creatingNew(permissions: 0o644))
            try arriving?.write(all: Array(jpeg.prefix(jpeg.count / 2)))
        }
        defer { app.remove() }
        await eventually { app.listed == ["a.jpg", "b.jpg"] }
        let id = app.folder.path + "/b.jpg"
        // Both thumbnails made, so the count below is of b.jpg's render again alone.
        await app.viewModel.until { app.viewModel.photos.allSatisfy { app.viewModel.thumbnails[$0.id]?.thumbnail != nil } }
        let halfShown = app.viewModel.thumbnails[id]?.thumbnail?.plainLines
        let rendered = app.renderer.renders

        try arriving?.write(all: Array(app.jpeg.dropFirst(app.jpeg.count / 2)))
        try arriving?.close()
        await app.waitForRelist(after: 0)
        await eventually { app.renderer.renders > rendered && app.viewModel.thumbnails[id]?.thumbnail != nil }
        #expect(app.viewModel.thumbnails[id]?.thumbnail?.plainLines != halfShown, "rendered again from the whole file")
        #expect(app.renderer.renders == rendered + 1, "only the file that changed")
    }

    @Test func theAppsOwnTrashAndRestoreAreNotListedAgain() async throws {
        let app = try await App(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { app.remove() }
        app.pressAndDraw(.right)
        let files = app.coordinator.fileActions
        files.askToTrash(in: app.viewModel, selected: app.grid.selectedPhoto)
        files.answer(yes: true)
        #expect(app.viewModel.listChanges == [.edited])
        app.draw()
        #expect(app.listed == ["a.jpg", "c.jpg"])
        try await Task.sleep(for: .milliseconds(700))
        #expect(app.relists == 0, "the folder's news of the trash is the app's own move")
        #expect(app.viewModel.listChanges.isEmpty, "nothing since: the folder's news of the trash is the app's own")
        files.undo()
        #expect(app.viewModel.listChanges == [.edited], "each move changes the list once")
        app.draw()
        #expect(app.listed == ["a.jpg", "b.jpg", "c.jpg"])
        try await Task.sleep(for: .milliseconds(700))
        #expect(app.relists == 0)
        #expect(app.viewModel.listChanges.isEmpty)

        app.viewModel.update(.select(0))
        app.draw()
        files.rename(try #require(app.grid.selectedPhoto), to: "z.jpg")
        app.draw()
        #expect(app.listed == ["z.jpg", "b.jpg", "c.jpg"], "a renamed file keeps its place")
        try await Task.sleep(for: .milliseconds(700))
        #expect(app.relists == 0)
        #expect(app.listed == ["z.jpg", "b.jpg", "c.jpg"])

        // Another program's file under the name the app has just moved away is news, at once: the
        // app took its own move's news when it came, with no window of time after it. The restored
        // file is listed in that listing too, not taken for one being written.
        try app.folder.write(app.jpeg, to: "a.jpg")
        await app.waitForRelist(after: 0)
        #expect(app.listed == ["a.jpg", "b.jpg", "c.jpg", "z.jpg"])
    }
}
