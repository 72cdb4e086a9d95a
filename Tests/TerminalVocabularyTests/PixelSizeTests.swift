import Testing
import TerminalVocabulary

@Suite struct PixelSizeTests {
    @Test func aPlausibleCellIsAFontsSize() {
        #expect(PixelSize(width: 6, height: 13).isPlausibleCell)  // xterm's default font
        #expect(PixelSize(width: 4, height: 8).isPlausibleCell && PixelSize(width: 200, height: 400).isPlausibleCell)
        #expect(!PixelSize(width: 0, height: 0).isPlausibleCell)  // terminals that do not say
        #expect(!PixelSize(width: 3, height: 20).isPlausibleCell && !PixelSize(width: 10, height: 7).isPlausibleCell)
        #expect(!PixelSize(width: 201, height: 20).isPlausibleCell && !PixelSize(width: 10, height: 401).isPlausibleCell)
        #expect(PixelSize.fallbackCell.isPlausibleCell)
    }

    @Test func aCellIsItsShareOfTheWindow() {
        // xterm at 120x40 with 6x13 cells reports its 2-pixel borders too: 724x524.
        #expect(PixelSize.cell(windowWidth: 724, windowHeight: 524, columns: 120, rows: 40) == PixelSize(width: 6, height: 13))
        #expect(PixelSize.cell(windowWidth: 0, windowHeight: 0, columns: 120, rows: 40) == nil)
        #expect(PixelSize.cell(windowWidth: 800, windowHeight: 600, columns: 0, rows: 40) == nil)
    }

    @Test func aPictureBoxIsTheCellsPixelsEachSideCutToWhatATerminalShows() {
        let cell = PixelSize(width: 10, height: 20)
        #expect(PixelSize.pictureBox(columns: 24, rows: 8, cell: cell) == PixelSize(width: 240, height: 160))
        #expect(PixelSize.pictureBox(columns: 10_000, rows: 10_000, cell: cell) == PixelSize(width: 4096, height: 4096))
        // Each side on its own: a wide box stays wide.
        #expect(PixelSize.pictureBox(columns: 3000, rows: 100, cell: cell) == PixelSize(width: 4096, height: 2000))
        // Text: 1x2 samples a cell.
        #expect(PixelSize.pictureBox(columns: 5000, rows: 3000, cell: .textCell) == PixelSize(width: 4096, height: 4096))
        // Sizes no terminal reports still give a box, not an overflow; none is less than 1x1.
        #expect(PixelSize.pictureBox(columns: .max, rows: .max / 2, cell: cell) == PixelSize(width: 4096, height: 4096))
        #expect(PixelSize.pictureBox(columns: 0, rows: -3, cell: cell) == PixelSize(width: 10, height: 20))
    }
}
