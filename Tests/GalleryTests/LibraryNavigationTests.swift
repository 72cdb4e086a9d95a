import OperatingSystem
import TestSupport
import Foundation
import Imaging
import TUI
import TerminalVocabulary
import Testing
@testable import Gallery

/// Walking a library on disk as the app does: folder tiles, the way up, the order, a photo opened at start.
@MainActor
@Suite("Library navigation")
struct LibraryNavigationTests {
    @Test func enterOpensAFolderAndBackspaceComesBackWithItSelected() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        let top = await app.settle()
        #expect(top.contains("by name · 2 folders · 3 photos · 1 of 5"), "\(top)")
        #expect(app.screen.text().joined().contains("▸ b/ · 2 photos"))
        app.press(.right, .enter)
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.photos.map(\.title) == ["one.jpg", "two.jpg"])
        app.press(.backspace)
        let back = await app.settle()
        #expect(back.contains("2 of 5"), "\(back)")
        #expect(app.grid?.selectedPhoto?.id == folder.path + "/b")
        // From a folder the app was started in, `-` goes to its parent with it selected.
        let inside = LibraryHarness(try DirectorySource(path: FilePath(folder.path + "/b")))
        _ = await inside.settle()
        inside.press(.character("-"))
        _ = await inside.settle()
        #expect(inside.grid?.selectedPhoto?.id == folder.path + "/b")
    }

    @Test func sCyclesTheOrderKeepingTheSelection() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.photos.map(\.title) == ["a", "b", "img1.jpg", "img2.jpg", "img10.jpg"])
        app.press(.right, .right, .right)
        let selected = app.grid?.selectedPhoto?.id
        app.press(.character("s"))
        let status = await app.settle()
        #expect(status.contains("by date modified"), "\(status)")
        #expect(app.grid?.selectedPhoto?.id == selected)
        // Two presses before the new grid has its list still keep the photo.
        app.press(.character("s"), .character("s"))
        let twice = await app.settle()
        #expect(twice.contains("by size"), "\(twice)")
        #expect(app.grid?.selectedPhoto?.id == selected)
    }

    @Test func aRecursiveTitleKeepsItsFileNameAndShortensItsFolders() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let deep = "Holiday — Café & Friends/2023 Summer/"
        try FileManager.default.createDirectory(atPath: folder.path + "/" + deep, withIntermediateDirectories: true)
        try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/img1.jpg"))), to: deep + "IMG_1234.jpg")
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path), recursive: true))
        _ = await app.settle()
        // Cells of 100 / 4 columns: the folders are cut in their middle, the name stays whole.
        let titles = app.screen.text().joined(separator: "\n")
        #expect(titles.contains("Holid…mmer/IMG_1234.jpg"), "\(titles)")
    }

    @Test func shiftSReversesTheOrderKeepingTheSelectionInView() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        _ = await app.settle()
        app.press(.right, .right)
        app.press(.character("S"))
        let status = await app.settle()
        #expect(status.contains("by name, reversed"), "\(status)")
        // Folders first still, each group turned around.
        #expect(app.coordinator.viewModel?.photos.map(\.title) == ["b", "a", "img10.jpg", "img2.jpg", "img1.jpg"])
        #expect(app.grid?.selectedPhoto?.title == "img1.jpg")
        #expect(status.contains("5 of 5"), "\(status)")
        #expect(app.screen.text().joined().contains("img1.jpg"), "in view")
        app.press(.character("S"))
        #expect(await app.settle().contains("by name · "))
        #expect(app.grid?.selectedPhoto?.title == "img1.jpg")
    }

    @Test func aPhotoGivenAtStartOpensInTheDetailPaneAndEscLeavesItSelected() async throws {
        let folder = try LibraryHarness.sampleLibrary()
        defer { folder.remove() }
        let opened = try DirectorySource.opening(FilePath(folder.path + "/img2.jpg"))
        let app = LibraryHarness(opened.source, opening: opened.photoID)
        _ = await app.settle()
        await eventually { app.navigator.depth == 2 }
        app.press(.escape)
        let status = await app.settle()
        #expect(app.grid?.selectedPhoto?.id == folder.path + "/img2.jpg")
        #expect(status.contains("4 of 5"), "\(status)")
    }
}
