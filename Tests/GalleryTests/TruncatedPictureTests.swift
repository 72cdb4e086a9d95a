import TUI
import Testing
@testable import Gallery
import TerminalVocabulary

/// A picture whose file ended early (`RenderedPicture.isTruncated`): a local file's is shown with a
/// note in its grid cell and the detail pane; a download's is an error, so it is fetched again.
@MainActor
@Suite struct TruncatedPictureTests {
    @Test func aLocalFileCutShortIsShownWithANote() async {
        let app = SceneHarness(localFiles: true, size: CellSize(columns: 120, rows: 30)) {
            $0.renderer = FakeRenderer(truncates: true)
        }
        await app.startWithFirstPage()
        await eventually { app.draw().contains { $0.contains("truncated · ") } }
        app.press(.enter)
        await eventually { app.draw().contains { $0.contains(PhotoDetailView.truncatedNote) } }
    }

    @Test func aWholeFileHasNoNote() async {
        let app = SceneHarness(localFiles: true, size: CellSize(columns: 120, rows: 30))
        await app.startWithFirstPage()
        await eventually { app.draw().contains { $0.contains("p1-0") } }
        #expect(!app.draw().contains { $0.contains("truncated") })
        app.press(.enter)
        await settle()
        #expect(!app.draw().contains { $0.contains(PhotoDetailView.truncatedNote) })
    }

    @Test func aDownloadCutShortIsAnError() async {
        let app = SceneHarness(size: CellSize(columns: 120, rows: 30)) { $0.renderer = FakeRenderer(truncates: true) }
        await app.startWithFirstPage()
        // "Corrupt image: the download ended early", cut to the cell's width.
        await eventually { app.draw().contains { $0.contains("Corrupt image: the download") } }
        #expect(!app.draw().contains { $0.contains("truncated · ") })
    }
}
