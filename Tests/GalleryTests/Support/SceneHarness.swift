import TUI
import Testing
@testable import Gallery
import TerminalVocabulary

/// The photo flow as the app runs it (coordinator, navigator, scenes) on a headless screen,
/// with fake services: keys go in, frames come out.
@MainActor final class SceneHarness: SceneDriving {
    let source: FakePhotoSource
    let navigator: Navigator
    /// How many times the scenes asked for a frame.
    var redrawRequests: Int { redrawCounter.count }
    private let redrawCounter: RedrawCounter
    let screen: InMemoryScreen
    let coordinator: PhotosCoordinator

    init(searchable: Bool = true, localFiles: Bool = false, size: CellSize = CellSize(columns: 100, rows: 30),
         configure: (inout AppEnvironment) -> Void = { _ in }) {
        source = FakePhotoSource(searchable: searchable, localFiles: localFiles)
        let requests = RedrawCounter()
        navigator = Navigator(requestRedraw: { requests.count += 1 })
        redrawCounter = requests
        screen = InMemoryScreen(size: size)
        var environment = AppEnvironment(
            source: source, loader: FakeImageLoader(), renderer: FakeRenderer(), sourceName: "fake",
            renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
        configure(&environment)
        coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
    }

    /// Starts the flow and delivers page 1.
    func startWithFirstPage() async {
        coordinator.start()
        await source.pages.until { $0.pendingKeys == ["1"] }
        source.resolvePage(1, with: .success(LibraryItem.page(1)))
        let grid = coordinator.viewModel!
        await grid.until { grid.photos.count == 30 }
        _ = draw()
    }


    var grids: [(viewModel: PhotosViewModel, view: PhotosView)] { coordinator.grids }
}

/// Counts a navigator's redraw requests (the navigator is made before the harness can capture itself).
@MainActor private final class RedrawCounter {
    var count = 0
}

/// Keys into a navigator and frames out of its headless screen.
@MainActor protocol SceneDriving {
    var navigator: Navigator { get }
    var screen: InMemoryScreen { get }
}

extension SceneDriving {
    func press(_ keys: Key...) {
        for key in keys { _ = navigator.handle(key) }
    }

    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Draws a frame and returns it as text.
    @discardableResult
    func draw() -> [String] {
        screen.beginFrame()
        navigator.drawFrame(on: screen)
        screen.endFrame()
        return screen.text()
    }

    /// The bottom row of a fresh frame.
    var statusLine: String { draw().last ?? "" }
}
