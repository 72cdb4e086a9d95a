import Imaging
import Testing

@Suite struct CellsCoveredTests {
    @Test(arguments: [
        (160, 160, 10, 20, 16, 8),  // exact multiples
        (161, 141, 10, 20, 17, 8),  // a partly covered cell counts whole
        (9, 19, 10, 20, 1, 1),      // smaller than one cell
        (0, 0, 10, 20, 1, 1),       // nothing still takes a cell
        (12, 12, 0, 0, 12, 12),     // a nonsense cell size counts as one pixel
    ])
    func wholeCellsTheImageCovers(width: Int, height: Int, cellWidth: Int, cellHeight: Int, columns: Int, rows: Int) {
        let image = RGBImage(width: width, height: height, filledWith: RGB(1, 2, 3))
        let cells = image.cellsCovered(cellWidth: cellWidth, cellHeight: cellHeight)
        #expect(cells.columns == columns && cells.rows == rows, "\(cells)")
    }
}
