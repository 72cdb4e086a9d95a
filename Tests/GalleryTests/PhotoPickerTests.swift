import Foundation
import OperatingSystem
import TestSupport
import TUI
import Testing
@testable import Gallery

/// `gallery --pick` in the grid: Enter chooses the marked photos, or the selected one, by path.
@MainActor
@Suite("Photo picker")
struct PhotoPickerTests {
    /// What the picker handed on (nil for a cancelled pick), and how often it gave the terminal back.
    @MainActor private final class Results {
        var picks: [[String]?] = []
        var restored = 0

        func picker() -> PhotoPicker {
            let picker = PhotoPicker { [unowned self] in picks.append($0?.map(\.description)) }
            picker.restoreTerminal = { [unowned self] in restored += 1 }
            return picker
        }
    }

    /// The sample library (`LibraryHarness.sampleLibrary`) in a picker: the folder, what it picks, the scenes.
    private func picking() throws -> (folder: TemporaryDirectory, results: Results, app: LibraryHarness) {
        let folder = try LibraryHarness.sampleLibrary()
        let results = Results()
        return (folder, results, LibraryHarness(try DirectorySource(path: FilePath(folder.path)), picker: results.picker()))
    }

    @Test func enterChoosesTheMarkedPhotosInTheGridsOrder() async throws {
        let (folder, results, app) = try picking()
        defer { folder.remove() }
        let status = await app.settle()
        #expect(status.contains("Enter pick  Esc cancel"), "\(status)")
        // a/, b/, img1, img2, img10: mark img10, then img1, and press Enter on img2.
        app.press(.right, .right, .right, .right, .character(" "), .left, .left, .character(" "), .right, .enter)
        #expect(results.picks == [[folder.path + "/img1.jpg", folder.path + "/img10.jpg"]])
        #expect(results.restored == 1, "the terminal is given back before the result")
        app.press(.enter)
        #expect(results.picks.count == 1, "a pick ends once")
    }

    /// Marks are kept by path above each folder's listing: a mark made in one folder stays while
    /// the user is in another, the status bar counts it there, and Enter picks it too.
    @Test func marksInOtherFoldersStayCountedAndPicked() async throws {
        let (folder, results, app) = try picking()
        defer { folder.remove() }
        _ = await app.settle()
        // a/, b/, img1, img2, img10: mark img2, then go into a/ and mark two.jpg.
        app.press(.right, .right, .right, .character(" "))
        #expect(await app.settle().contains("1 marked"))
        app.press(.home, .enter)
        let inside = app.coordinator.viewModel!
        await inside.until { inside.photos.map(\.title) == ["one.jpg", "two.jpg"] }
        let there = await app.settle()
        #expect(there.contains("1 marked"), "the mark in the folder above is counted here: \(there)")
        app.press(.right, .character(" "))
        #expect(await app.settle().contains("2 marked"))
        // Back up: img2 is still marked, a/two.jpg too.
        app.press(.backspace)
        let above = app.coordinator.viewModel!
        await above.until { above.photos.count == 5 }
        let frame = await app.settle()
        #expect(frame.contains("2 marked"), "\(frame)")
        #expect(app.screen.text().joined(separator: "\n").contains("✓ img2.jpg"))
        #expect(!app.screen.text().joined(separator: "\n").contains("✓ img1.jpg"))
        app.press(.end, .enter)
        #expect(results.picks == [[folder.path + "/img2.jpg", folder.path + "/a/two.jpg"]], "in the order marked")
    }

    /// A mark in a folder not shown whose file another program deleted meanwhile is not printed.
    @Test func aMarkWhoseFileWentWhileElsewhereIsNotPicked() async throws {
        let (folder, results, app) = try picking()
        defer { folder.remove() }
        _ = await app.settle()
        // a/, b/, img1, img2, img10: mark img2, go into a/, mark one.jpg.
        app.press(.right, .right, .right, .character(" "), .home, .enter)
        let inside = app.coordinator.viewModel!
        await inside.until { inside.photos.map(\.title) == ["one.jpg", "two.jpg"] }
        _ = await app.settle()
        app.press(.character(" "))
        try FileManager.default.removeItem(atPath: folder.path + "/img2.jpg")
        app.press(.enter)
        #expect(results.picks == [[folder.path + "/a/one.jpg"]])
    }

    @Test func enterWithoutMarksChoosesTheSelectedPhotoAndOpensFolders() async throws {
        let (folder, results, app) = try picking()
        defer { folder.remove() }
        _ = await app.settle()
        app.press(.enter)
        #expect(results.picks.isEmpty, "Enter on a folder tile goes into it")
        let grid = app.coordinator.viewModel!
        await grid.until { grid.photos.map(\.title) == ["one.jpg", "two.jpg"] }
        _ = await app.settle()
        app.press(.enter)
        #expect(results.picks == [[folder.path + "/a/one.jpg"]])
    }

    /// Marks are for photos: Space on a folder tile marks nothing and says so, `v` passes folders
    /// over, and Enter hands on photos only.
    @Test func aFolderTileIsNeverMarkedNorPicked() async throws {
        let (folder, results, app) = try picking()
        defer { folder.remove() }
        _ = await app.settle()
        app.press(.character(" "))
        let refused = await app.settle()
        #expect(refused.contains("folders are not marked") && !refused.contains("1 marked"), "\(refused)")
        #expect(app.coordinator.marks.isEmpty)
        app.press(.character("v"))
        #expect(await app.settle().contains("3 marked"))
        // a/, b/, img1, img2, img10: Enter on img1.
        app.press(.right, .right, .enter)
        #expect(results.picks == [["img1.jpg", "img2.jpg", "img10.jpg"].map { folder.path + "/" + $0 }])
    }

    @Test func aPhotoGivenAtStartIsSelectedNotOpened() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let (source, id) = try DirectorySource.opening(FilePath(folder.path + "/img2.jpg"))
        let results = Results()
        let app = LibraryHarness(source, opening: id, picker: results.picker())
        _ = await app.settle()
        await eventually { app.grid?.selectedPhoto?.id == folder.path + "/img2.jpg" }
        #expect(app.navigator.top is PhotosView)
        app.press(.enter)
        #expect(results.picks == [[folder.path + "/img2.jpg"]])
    }
}
