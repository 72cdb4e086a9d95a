import Testing
import TerminalEnvironment

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
}
