import Foundation
import Imaging
import TUI
import TerminalEnvironment
import Testing
@testable import Gallery

/// `gallery --pick` in the grid: Enter chooses the marked photos, or the selected one, by path.
@MainActor
@Suite("Photo picker")
struct PhotoPickerTests {
    @MainActor private final class Picking {
        let navigator = Navigator(requestRedraw: {})
        let screen = InMemoryScreen(size: Size(columns: 100, rows: 30))
        let coordinator: PhotosCoordinator
        private final class Log {
            var results: [[String]?] = []
            var restored = 0
        }
        private let log = Log()
        /// Every result handed on; nil for a cancelled pick.
        var results: [[String]?] { log.results }
        var restored: Int { log.restored }

        init(_ source: DirectorySource, opening id: String? = nil) {
            var environment = AppEnvironment(
                source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(), sourceName: source.name,
                renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
            environment.openPhotoID = id
            let log = log
            let picker = PhotoPicker { log.results.append($0) }
            picker.restoreTerminal = { log.restored += 1 }
            environment.picker = picker
            coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
            coordinator.start()
        }

        func settle() async -> String {
            await eventually { (coordinator.viewModel?.items.count ?? 0) > 0 }
            screen.beginFrame()
            navigator.drawFrame(on: screen)
            screen.endFrame()
            return screen.text().last ?? ""
        }

        func press(_ keys: Key...) {
            for key in keys { _ = navigator.handle(key) }
        }
    }

    /// A folder "trip" and photos c, a, b (listed a, b, c).
    private static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(40, 80, 120)))
        try FileManager.default.createDirectory(atPath: folder.path + "/trip", withIntermediateDirectories: true)
        try folder.write(jpeg, to: "trip/inside.jpg")
        for name in ["c.jpg", "a.jpg", "b.jpg"] { try folder.write(jpeg, to: name) }
        return folder
    }

    @Test func enterChoosesTheMarkedPhotosInTheGridsOrder() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let app = Picking(try DirectorySource(path: folder.path))
        let status = await app.settle()
        #expect(status.contains("Enter pick  Esc cancel"), "\(status)")
        // trip/, a, b, c: mark c, then a, and press Enter on b.
        app.press(.right, .right, .right, .character(" "), .left, .left, .character(" "), .right, .enter)
        #expect(app.results == [[folder.path + "/a.jpg", folder.path + "/c.jpg"]])
        #expect(app.restored == 1, "the terminal is given back before the result")
        app.press(.enter)
        #expect(app.results.count == 1, "a pick ends once")
    }

    @Test func enterWithoutMarksChoosesTheSelectedPhotoAndOpensFolders() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let app = Picking(try DirectorySource(path: folder.path))
        _ = await app.settle()
        app.press(.enter)
        #expect(app.results.isEmpty, "Enter on a folder tile goes into it")
        await eventually { app.coordinator.viewModel?.photos.map(\.displayText) == ["inside.jpg"] }
        _ = await app.settle()
        app.press(.enter)
        #expect(app.results == [[folder.path + "/trip/inside.jpg"]])
    }

    @Test func aPhotoGivenAtStartIsSelectedNotOpened() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let (source, id) = try DirectorySource.opening(folder.path + "/b.jpg")
        let app = Picking(source, opening: id)
        _ = await app.settle()
        await eventually { app.coordinator.grids.first?.view.selectedPhoto?.id == folder.path + "/b.jpg" }
        #expect(app.navigator.top is PhotosView)
        app.press(.enter)
        #expect(app.results == [[folder.path + "/b.jpg"]])
    }
}
