import Imaging
import Testing
@testable import Gallery
import TerminalVocabulary
import TUI

/// The detail pane's zoom through its update function: `+` `-` `=` `w`, pans, the kept pixels, and
/// a step to the next photo fitting it again. `FakeRenderer` spells out what each zoom shows of a
/// 4000x3000 photo; its box is 2x4 samples a cell, 80x80 for the 40x20 cells here.
@MainActor
@Suite("Detail pane zoom")
struct DetailZoomTests {
    let source = FakePhotoSource()
    let renderer = FakeRenderer()
    let list = ListNeighbours(count: 3)
    static let cells = CellSize(columns: 40, rows: 20)

    /// A pane on "p0" with its fitted picture up.
    func fittedPane(loader: FakeImageLoader = FakeImageLoader()) async -> PhotoDetailViewModel {
        let viewModel = PhotoDetailViewModel(photo: list.photos[0], source: source, loader: loader, renderer: renderer, dwell: .none)
        viewModel.neighbours = list
        viewModel.update(.appeared)
        viewModel.update(.imageArea(Self.cells))
        await viewModel.until { viewModel.image?.thumbnail != nil }
        return viewModel
    }

    /// What the picture shows: "zoom …", or the fitted picture as "p0 fitted".
    func shown(_ viewModel: PhotoDetailViewModel) -> String? {
        guard let line = viewModel.image?.thumbnail?.plainLines.first else { return nil }
        // The fake loader answers with the URL, whose path ends with the photo's id.
        guard line.hasSuffix(" 40x20 contain"), let id = line.split(separator: "?").first?.split(separator: "/").last else { return line }
        return "\(id) fitted"
    }

    @Test func equalsShowsAHundredPercentAndTheStatusSaysWhere() async {
        let viewModel = await fittedPane()
        viewModel.update(.zoom(.actualSize))
        await viewModel.until { viewModel.zoomShown != nil }
        #expect(viewModel.zoomShown?.description == "100 % · centre 50%,50%")
        #expect(viewModel.zoomShown?.region == PixelRect(x: 1960, y: 1460, width: 80, height: 80))
        #expect(shown(viewModel) == "zoom 100 % · centre 50%,50%")
    }

    @Test func plusAndMinusStepFromTheFitAndBackToIt() async {
        let viewModel = await fittedPane()
        // The fit is 80/4000: 2 %; closer is half again.
        viewModel.update(.zoom(.closer))
        await viewModel.until { viewModel.zoomShown != nil }
        #expect(abs((viewModel.zoom?.scale ?? 0) - 0.03) < 1e-9)
        viewModel.update(.zoom(.closer))
        await viewModel.until { abs((viewModel.zoomShown?.zoom.scale ?? 0) - 0.045) < 1e-9 }
        viewModel.update(.zoom(.further))
        await viewModel.until { abs((viewModel.zoomShown?.zoom.scale ?? 0) - 0.03) < 1e-9 }
        viewModel.update(.zoom(.further))
        await viewModel.until { viewModel.zoom == nil }
        #expect(viewModel.zoomShown == nil && shown(viewModel) == "p0 fitted")
    }

    @Test func keysPanAQuarterOfThePaneAndStopAtTheEdges() async {
        let viewModel = await fittedPane()
        viewModel.update(.zoom(.actualSize))
        await viewModel.until { viewModel.zoomShown != nil }
        // A quarter of 80 samples at 100 %: 20 photo pixels.
        viewModel.update(.pan(across: 0.25, down: 0))
        await viewModel.until { viewModel.zoomShown?.region.x == 1980 }
        viewModel.update(.pan(across: 0, down: -0.25))
        await viewModel.until { viewModel.zoomShown?.region.y == 1440 }
        for _ in 0..<200 { viewModel.update(.pan(across: -0.25, down: -0.25)) }
        await viewModel.until { viewModel.zoomShown?.region == PixelRect(x: 0, y: 0, width: 80, height: 80) }
        #expect(viewModel.zoomShown?.description == "100 % · centre 1%,1%")
        // At the corner a further pan changes nothing and draws nothing.
        await settle()
        let decodes = renderer.zoomDecodes
        viewModel.update(.pan(across: -0.25, down: 0))
        await settle()
        #expect(renderer.zoomDecodes == decodes && viewModel.zoomShown?.region.x == 0)
    }

    /// A PNG (any format but JPEG) is decoded whole at the zoom's scale once: pans draw from it.
    @Test func pansOfAPhotoDecodedWholeDecodeNothingAgain() async {
        let loader = FakeImageLoader(held: true)
        let viewModel = PhotoDetailViewModel(photo: list.photos[0], source: source, loader: loader, renderer: renderer, dwell: .none)
        viewModel.update(.appeared)
        viewModel.update(.imageArea(Self.cells))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        loader.requests.resolve(loader.requests.pendingKeys[0], with: .success(Array("png".utf8)))
        await viewModel.until { viewModel.image?.thumbnail != nil }
        viewModel.update(.zoom(.actualSize))
        await loader.requests.until { $0.pendingKeys.count == 1 }
        loader.requests.resolve(loader.requests.pendingKeys[0], with: .success(Array("png".utf8)))
        await viewModel.until { viewModel.zoomShown != nil }
        for step in 1...3 {
            viewModel.update(.pan(across: 0.25, down: 0.25))
            await viewModel.until { viewModel.zoomShown?.region.x == 1960 + 20 * step }
        }
        #expect(renderer.zoomDecodes == 1 && loader.urls.count == 2)
    }

    @Test func wFitsAgainAndTheNextPhotoOpensFitted() async {
        let viewModel = await fittedPane()
        viewModel.update(.zoom(.actualSize))
        await viewModel.until { viewModel.zoomShown != nil }
        viewModel.update(.zoom(.fit))
        #expect(viewModel.zoom == nil && viewModel.zoomShown == nil)
        #expect(shown(viewModel) == "p0 fitted")

        viewModel.update(.zoom(.actualSize))
        await viewModel.until { viewModel.zoomShown != nil }
        viewModel.update(.move(by: 1))
        await viewModel.until { viewModel.photo.id == "p1" && viewModel.image?.thumbnail != nil }
        #expect(viewModel.zoom == nil && viewModel.zoomShown == nil && shown(viewModel) == "p1 fitted")
        // Not zoomed, a pan does nothing.
        viewModel.update(.pan(across: 0.25, down: 0))
        #expect(viewModel.zoom == nil)
    }

    /// `f`: a new area for the picture keeps the zoom, drawn again for it.
    @Test func fillingTheTerminalKeepsTheZoom() async {
        let viewModel = await fittedPane()
        viewModel.update(.zoom(.actualSize))
        await viewModel.until { viewModel.zoomShown != nil }
        viewModel.update(.fillTerminal(true))
        #expect(viewModel.fillsTerminal)
        viewModel.update(.imageArea(CellSize(columns: 60, rows: 30)))
        await viewModel.until { viewModel.zoomShown?.region.width == 120 }
        #expect(viewModel.zoomShown?.description == "100 % · centre 50%,50%")
    }

    /// h and l pan when zoomed and step through the photos when not: the key map offers both, pan first.
    @Test func hAndLOfferAPanBeforeAStep() {
        let keys = KeyMap.standard
        #expect(keys.actions(for: "h", in: .detail) == [.pan(across: -1, down: 0), .previousPhoto])
        #expect(keys.actions(for: .right, in: .detail) == [.pan(across: 1, down: 0), .nextPhoto])
        #expect(keys.actions(for: "=", in: .detail) == [.zoom(.actualSize)])
        #expect(keys.actions(for: "-", in: .detail) == [.zoom(.further)])
        #expect(keys.actions(for: "-", in: .grid) == [.goUp])
    }
}
