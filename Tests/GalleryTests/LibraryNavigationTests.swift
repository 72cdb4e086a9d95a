import Foundation
import Imaging
import TUI
import TerminalEnvironment
import Testing
@testable import Gallery

/// Walking a library on disk as the app does: folder tiles, the way up, the order, a photo opened at start.
@MainActor
@Suite("Library navigation")
struct LibraryNavigationTests {
    /// lib/ with trips a, b (2 photos each) and photos img1, img2, img10 on top.
    private static func library() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))
        for trip in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + trip, withIntermediateDirectories: true)
            try folder.write(jpeg, to: "\(trip)/one.jpg")
            try folder.write(jpeg, to: "\(trip)/two.jpg")
        }
        for name in ["img10.jpg", "img2.jpg", "img1.jpg"] { try folder.write(jpeg, to: name) }
        return folder
    }

    @MainActor private final class App {
        let navigator = Navigator(requestRedraw: {})
        let screen = InMemoryScreen(size: Size(columns: 100, rows: 30))
        let coordinator: PhotosCoordinator

        init(_ source: DirectorySource, opening id: String? = nil) {
            var environment = AppEnvironment(
                source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(), sourceName: source.name,
                renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
            environment.openPhotoID = id
            coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
            coordinator.start()
        }

        var grid: PhotosView? { coordinator.grids.first?.view }

        /// Waits for the grid's list, draws a frame and returns its status line.
        func settle() async -> String {
            await eventually { (coordinator.viewModel?.items.count ?? 0) > 0 }
            for _ in 0..<2 {
                screen.beginFrame()
                navigator.drawFrame(on: screen)
                screen.endFrame()
            }
            return screen.text().last ?? ""
        }

        func press(_ keys: Key...) {
            for key in keys { _ = navigator.handle(key) }
        }
    }

    @Test func enterOpensAFolderAndBackspaceComesBackWithItSelected() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = App(try DirectorySource(path: folder.path))
        let top = await app.settle()
        #expect(top.contains("by name · 2 folders · 3 photos · 1 of 5"), "\(top)")
        #expect(app.screen.text().joined().contains("▸ b/ · 2 photos"))
        app.press(.right, .enter)
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.photos.map(\.displayText) == ["one.jpg", "two.jpg"])
        app.press(.backspace)
        let back = await app.settle()
        #expect(back.contains("2 of 5"), "\(back)")
        #expect(app.grid?.selectedPhoto?.id == folder.path + "/b")
        // From a folder the app was started in, `-` goes to its parent with it selected.
        let inside = App(try DirectorySource(path: folder.path + "/b"))
        _ = await inside.settle()
        inside.press(.character("-"))
        _ = await inside.settle()
        #expect(inside.grid?.selectedPhoto?.id == folder.path + "/b")
    }

    @Test func sCyclesTheOrderKeepingTheSelection() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = App(try DirectorySource(path: folder.path))
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.photos.map(\.displayText) == ["a", "b", "img1.jpg", "img2.jpg", "img10.jpg"])
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

    @Test func aPhotoGivenAtStartOpensInTheDetailPaneAndEscLeavesItSelected() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let opened = try DirectorySource.opening(folder.path + "/img2.jpg")
        let app = App(opened.source, opening: opened.photoID)
        _ = await app.settle()
        await eventually { app.navigator.depth == 2 }
        app.press(.escape)
        let status = await app.settle()
        #expect(app.grid?.selectedPhoto?.id == folder.path + "/img2.jpg")
        #expect(status.contains("4 of 5"), "\(status)")
    }
}
