import TestSupport
import Foundation
import Imaging
import TUI
import Testing
import TerminalVocabulary
@testable import Gallery

/// The app's photo flow over a local library, drawn on an in-memory screen and driven by keys.
@MainActor final class LibraryHarness {
    let navigator = Navigator(requestRedraw: {})
    let screen = InMemoryScreen(size: CellSize(columns: 100, rows: 30))
    let coordinator: PhotosCoordinator
    /// The thumbnails made, shown or ahead.
    let cache = ThumbnailCache(capacityBytes: 1 << 20)

    /// `id`: a photo to open at start (`gallery PHOTO`); `picker`: as `gallery --pick` runs.
    init(_ source: DirectorySource, opening id: String? = nil, picker: PhotoPicker? = nil) {
        var environment = AppEnvironment(
            source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(), sourceName: source.name,
            renderMode: .ascii, perPage: 30, cache: cache)
        environment.openPhotoID = id
        environment.picker = picker
        coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
        coordinator.start()
    }

    /// lib/ with trips a, b (2 photos each) and photos img1, img2, img10 on top.
    static func sampleLibrary() throws -> TemporaryDirectory {
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

    var grid: PhotosView? { coordinator.grids.first?.view }

    /// Waits for the grid's list, draws a frame and returns its status line.
    func settle() async -> String {
        if let grid = coordinator.viewModel { await grid.until { !grid.items.isEmpty } }
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
