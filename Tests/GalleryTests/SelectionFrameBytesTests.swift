import Imaging
import Testing
@testable import Gallery
@testable import TUI
import TerminalVocabulary

/// What moving the selection costs on the terminal: the frame is text in the lines between the
/// cells, so the pictures (sixel, which text erases, and kitty) are not sent again.
@MainActor @Suite struct SelectionFrameBytesTests {
    /// The frame steps `TerminalScreen` takes, without ncurses: the cell buffer, the text damage
    /// ncurses will do, and the image layer's bytes.
    final class FrameRecorder: Screen {
        let size: CellSize
        private var frame: CellBuffer
        private var shown: CellBuffer
        private var placements: [PlacedImage] = []
        private var layer = ImageLayer()
        private var isFirst = true
        /// The picture bytes of the last frame.
        private(set) var pictureBytes: [UInt8] = []
        /// The rows whose text changed in the last frame.
        private(set) var changedRows: [Int] = []
        /// Inside tmux: a grid row's pictures sent as one, their lines owned (`TerminalScreen.keepPictures`).
        var sixelRows: SixelRows?

        init(size: CellSize) {
            self.size = size
            frame = CellBuffer(size: size)
            shown = CellBuffer(size: size)
        }

        func beginFrame() {
            frame = CellBuffer(size: size)
            placements.removeAll()
        }

        func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?) {
            frame.put(text, at: point, style: style, maxWidth: maxWidth)
        }

        func fill(_ rect: Rect, with character: Character, style: TextStyle) {
            frame.fill(rect, with: character, style: style)
        }

        func place(_ image: TerminalImage, at point: Point) {
            if let placed = PlacedImage(image, at: point, on: size) { placements.append(placed) }
        }

        func endFrame() {
            placements = sixelRows?.compose(placements) ?? placements
            frame.markUnder(placements, linesOwnPictures: sixelRows != nil)
            let damage = isFirst ? nil : TextDamage(from: shown, to: frame)
            let images = layer.frame(placements, textDamage: damage)
            pictureBytes = images.storage + images.pictures
            changedRows = (0..<size.rows).filter { frame.rows[$0] != shown.rows[$0] }
            shown = frame
            isFirst = false
        }
    }

    func grid(mode: RenderMode, items: Int = 6) throws -> (GridView, FrameRecorder) {
        let screen = FrameRecorder(size: CellSize(columns: 80, rows: 24))
        let grid = GridView()
        grid.setItemCount(items)
        grid.layout(in: Rect(row: 0, column: 0, columns: 80, rows: 23))
        let size = grid.thumbnailSize
        let renderer = ThumbnailRenderer(mode: mode, cell: PixelSize(width: 10, height: 20))
        let pictures = try (0..<items).map { index in
            let data = try ThumbnailRendererTests.jpeg(width: 300, height: 200, seed: UInt8(index * 40))
            return TerminalImage(try renderer.render(data, cells: size, fit: .crop),
                                 id: "p\(index)/\(mode)")
        }
        grid.cellProvider = { GridCell(title: "photo \($0)", image: pictures[$0]) }
        return (grid, screen)
    }

    func frame(_ grid: GridView, on screen: FrameRecorder) {
        screen.beginFrame()
        grid.draw(on: screen)
        screen.endFrame()
    }

    @Test(arguments: [RenderMode.sixel, .kitty])
    func movingTheSelectionSendsNoPicture(mode: RenderMode) throws {
        try moveTheSelection(mode: mode)
    }

    /// Inside tmux a row's thumbnails are one picture, over the gaps between them too: the frame's
    /// sides there are not written, for tmux would delete the row's picture (and draw the whole pane
    /// again) for text in its cells.
    @Test func movingTheSelectionInsideTmuxSendsNoPicture() throws {
        try moveTheSelection(mode: .sixel, insideTmux: true)
    }

    func moveTheSelection(mode: RenderMode, insideTmux: Bool = false) throws {
        let (grid, screen) = try grid(mode: mode)
        if insideTmux { screen.sixelRows = SixelRows(cell: PixelSize(width: 10, height: 20)) }
        frame(grid, on: screen)
        let first = screen.pictureBytes.count
        #expect(first > 6 * 1000, "the first frame sends the six pictures")
        if insideTmux {
            let sixels = screen.pictureBytes.indices.filter { screen.pictureBytes[$0...].starts(with: [0x1B, 0x50]) }.count
            #expect(sixels == 2, "two rows of three thumbnails, a picture each")
        }
        for move in [GridMove.right, .down, .left, .up, .right, .right] {
            grid.perform(move)
            frame(grid, on: screen)
            let sent = screen.pictureBytes.count
            let changedRows = screen.changedRows.count
            #expect(sent == 0, "\(mode) after \(move)")
            #expect(changedRows > 0, "the frame moved")
        }
    }
}
