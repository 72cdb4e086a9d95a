import Testing
@testable import Imaging

@Suite struct CellArtTests {
    static let black = RGB(0, 0, 0), red = RGB(255, 0, 0), blue = RGB(0, 0, 255), green = RGB(0, 255, 0)
    static let white = RGB(255, 255, 255), nearWhite = RGB(250, 250, 250)
    static let grey = RGB(128, 128, 128), gold = RGB(250, 200, 10)

    /// Columns 0 and 3 are black so a wrong crop shows; the centre holds the picture.
    static let picture = TestImages.image([
        [black, red, red, black],
        [black, blue, green, black],
        [black, white, nearWhite, black],
        [black, grey, gold, black],
    ])

    static let esc = "\u{1B}["

    @Test func halfBlocksFillGoldenTrueColor() {
        let art = CellArt.halfBlocks(from: Self.picture, columns: 2, rows: 2, fit: .crop)
        #expect(art.columns == 2 && art.rows == 2 && art.cells.count == 4)
        let e = Self.esc
        // The second cell keeps the foreground, so only the background changes.
        #expect(art.ansiLine(row: 0, depth: .trueColor)
                == "\(e)38;2;255;0;0;48;2;0;0;255m▀\(e)48;2;0;255;0m▀\(e)0m")
        #expect(art.ansiLine(row: 1, depth: .trueColor)
                == "\(e)38;2;255;255;255;48;2;128;128;128m▀\(e)38;2;250;250;250;48;2;250;200;10m▀\(e)0m")
        #expect(art.plainLine(row: 0) == "▀▀" && art.plainLine(row: 1) == "▀▀")
    }

    @Test func halfBlocksGolden8x6() {
        let art = CellArt.halfBlocks(from: Goldens.sixelImage8x6, columns: 8, rows: 3, fit: .crop)
        #expect((0..<3).map { art.ansiLine(row: $0, depth: .trueColor) } == Goldens.halfBlocks8x6)
    }

    @Test func halfBlocksFillGolden256() {
        let art = CellArt.halfBlocks(from: Self.picture, columns: 2, rows: 2, fit: .crop)
        let e = Self.esc
        // red 196, blue 21, green 46; white and near-white both 231, so no foreground change in
        // row 1; grey 128 is 244; gold (250,200,10) is cube (5,4,0) = 220.
        #expect(art.ansiLine(row: 0, depth: .palette256) == "\(e)38;5;196;48;5;21m▀\(e)48;5;46m▀\(e)0m")
        #expect(art.ansiLine(row: 1, depth: .palette256) == "\(e)38;5;231;48;5;244m▀\(e)48;5;220m▀\(e)0m")
    }

    @Test func halfBlocksFillGolden16AndNone() {
        let art = CellArt.halfBlocks(from: Self.picture, columns: 2, rows: 2, fit: .crop)
        let e = Self.esc
        // Bright red 9 -> 91, blue 4 (0,0,238) -> 44, bright green 10 -> 102.
        #expect(art.ansiLine(row: 0, depth: .palette16) == "\(e)91;44m▀\(e)102m▀\(e)0m")
        #expect(art.ansiLine(row: 0, depth: .none) == "▀▀")
    }

    @Test func halfBlocksFitCentresTheAveragedPicture() {
        // 4x4 fits a 2x4 pixel box as 2x2 (quadrant means), one pixel row down: the picture
        // covers the lower half of row 0 and the upper half of row 1.
        let art = CellArt.halfBlocks(from: Self.picture, columns: 2, rows: 2, fit: .contain)
        #expect(art.plainLine(row: 0) == "▄▄" && art.plainLine(row: 1) == "▀▀")
        #expect(art.cells.allSatisfy { $0.background == nil })
        let e = Self.esc
        // Quadrant means: (0+255+0+0)/4 = 63.75 -> 64; (250+200)/4 = 112.5 -> 113; (250+10)/4 = 65.
        #expect(art.ansiLine(row: 0, depth: .trueColor) == "\(e)38;2;64;0;64m▄\(e)38;2;64;64;0m▄\(e)0m")
        #expect(art.ansiLine(row: 1, depth: .trueColor) == "\(e)38;2;96;96;96m▀\(e)38;2;125;113;65m▀\(e)0m")
    }

    @Test func halfBlocksFitLeavesUnusedCellsBlank() {
        let wide = RGBImage(width: 40, height: 10, filledWith: RGB(200, 100, 0))
        let art = CellArt.halfBlocks(from: wide, columns: 8, rows: 4, fit: .contain)
        // 8 x 8 pixels box; the picture is 8 x 2, at pixel rows 3...4.
        #expect((0..<4).map(art.plainLine) == ["        ", "▄▄▄▄▄▄▄▄", "▀▀▀▀▀▀▀▀", "        "])
        #expect(art[0, 0] == .blank && art[7, 3] == .blank)
        #expect(art[3, 1].foreground == RGB(200, 100, 0))
    }

    @Test func asciiGradientGolden() {
        let values: [UInt8] = [0, 28, 57, 85, 113, 142, 170, 198, 227, 255]
        let gradient = TestImages.image(Array(repeating: values.map { RGB($0, $0, $0) }, count: 2))
        let art = CellArt.ascii(from: gradient, columns: 10, rows: 1, fit: .crop, colored: false)
        #expect(art.plainLine(row: 0) == " .:-=+*#%@")
        #expect(art.cells.allSatisfy { $0.foreground == nil && $0.background == nil })
        #expect(art.ansiLine(row: 0, depth: .trueColor) == " .:-=+*#%@\u{1B}[0m")
    }

    @Test func asciiUsesLumaNotTheChannelMean() {
        // Same channel sum, very different brightness: green is bright, blue is dark.
        let image = TestImages.image([[RGB(0, 200, 0), RGB(0, 0, 200)], [RGB(0, 200, 0), RGB(0, 0, 200)]])
        let art = CellArt.ascii(from: image, columns: 2, rows: 1, fit: .crop, colored: true)
        // Luma 0.7152 * 200 = 143 -> "+"; 0.0722 * 200 = 14 -> " ".
        #expect(art.plainLine(row: 0) == "+ ")
        #expect(art[0, 0].foreground == RGB(0, 200, 0) && art[1, 0].foreground == RGB(0, 0, 200))
    }

    @Test func asciiTreatsCellsAsTwiceAsTallAsWide() {
        // A square picture in 8 x 4 cells fills the box (cells are 1:2).
        let square = RGBImage(width: 50, height: 50, filledWith: RGB(255, 255, 255))
        let art = CellArt.ascii(from: square, columns: 8, rows: 4, fit: .contain, colored: false)
        #expect((0..<4).allSatisfy { art.plainLine(row: $0) == "@@@@@@@@" })
        // A 4:1 picture in the same box takes 8 x 1 cells, centred vertically.
        let wide = RGBImage(width: 80, height: 20, filledWith: RGB(255, 255, 255))
        let wideArt = CellArt.ascii(from: wide, columns: 8, rows: 4, fit: .contain, colored: false)
        #expect((0..<4).map(wideArt.plainLine) == ["        ", "@@@@@@@@", "        ", "        "])
    }

    @Test func colourReturningToDefaultResetsOnlyThatColour() {
        let art = CellArt(columns: 3, rows: 1, cells: [
            CellArt.Cell(character: "a", foreground: Self.red, background: Self.blue),
            CellArt.Cell(character: "b", foreground: Self.red),
            .blank,
        ])
        let e = Self.esc
        #expect(art.ansiLine(row: 0, depth: .trueColor) == "\(e)38;2;255;0;0;48;2;0;0;255ma\(e)49mb\(e)39m \(e)0m")
    }

    @Test func degenerateBoxesGiveEmptyArt() {
        let art = CellArt.halfBlocks(from: Self.picture, columns: 0, rows: 3, fit: .crop)
        #expect(art.columns == 0 && art.cells.isEmpty)
        let empty = CellArt.ascii(from: RGBImage(width: 0, height: 0, pixels: []), columns: 2, rows: 1,
                                  fit: .contain, colored: true)
        #expect(empty.plainLine(row: 0) == "  ")
    }

    @Test func boxesLargerThanATerminalShowsGiveEmptyArt() {
        // 4096 samples a side: 4096 columns, 2048 rows of two samples.
        #expect(CellArt.halfBlocks(from: Self.picture, columns: 4097, rows: 1, fit: .contain).cells.isEmpty)
        #expect(CellArt.ascii(from: Self.picture, columns: 1, rows: 2049, fit: .crop, colored: false).cells.isEmpty)
        #expect(CellArt.halfBlocks(from: Self.picture, columns: .max, rows: .max, fit: .crop).cells.isEmpty)
        #expect(CellArt.halfBlocks(from: Self.picture, columns: 4096, rows: 1, fit: .contain).columns == 4096)
    }
}
