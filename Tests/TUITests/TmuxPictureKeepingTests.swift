import Testing
@testable import TUI
import TerminalVocabulary

/// Pictures inside tmux, which keeps at most 9 sixels and deletes one for anything done to its
/// lines: the capability tmux gives, and how the screen obeys it.
@Suite struct TmuxPictureKeepingTests {
    /// A sixel of `width` x 6 pixels in one RGB colour (percent), as the renderer writes them.
    static func sixel(width: Int, _ r: Int, _ g: Int, _ b: Int) -> [UInt8] {
        Array("\u{1B}Pq\"1;1;\(width);6#0;2;\(r);\(g);\(b)#0!\(width)~\u{1B}\\".utf8)
    }

    static func placed(_ bytes: [UInt8], id: String, row: Int, column: Int, columns: Int, rows: Int) -> PlacedImage {
        let image = TerminalImage(RenderedPicture(columns: columns, rows: rows, content: .sixel(bytes)), id: id)
        return PlacedImage(image: image, frame: Rect(row: row, column: column, columns: columns, rows: rows))
    }

    @Test func tmuxKeepsOneFewerPicturesThanItsLimitAndLinesOwnThem() throws {
        let three = try #require(TmuxClient(reply: TmuxClientTests.sixel36)).pictureKeeping
        #expect(three.liveImageLimit == 9 && three.linesOwnPictures && three.composesRows)
        let next = try #require(TmuxClient(reply: "next-3.7\tsixel\txterm\t1\n")).pictureKeeping
        #expect(next.liveImageLimit == 19)
        #expect(PictureKeeping.terminal.liveImageLimit == nil && !PictureKeeping.terminal.composesRows)
    }

    @Test func insideATmuxThatDrawsSixelTheTerminalHasSixelKeptByTmux() throws {
        let outside = TerminalCapabilities()
        let sixelTmux = try #require(TmuxClient(reply: TmuxClientTests.sixel34))
        let sixel = outside.inside(sixelTmux)
        #expect(sixel.sixel && sixel.pictureKeeping.linesOwnPictures)
        let debianTmux = try #require(TmuxClient(reply: TmuxClientTests.debian))
        let debian = outside.inside(debianTmux)
        #expect(!debian.sixel && debian.trueColor)
        #expect(outside.inside(nil) == outside)
    }

    @Test func aSixelReadBackHasItsPixelsAndColours() throws {
        let canvas = try #require(SixelCanvas(sixel: Self.sixel(width: 3, 100, 0, 0)))
        #expect(canvas.width == 3 && canvas.height == 6)
        #expect(canvas.pixels.allSatisfy { $0 == 1 } && canvas.colours == [SixelCanvas.Colour(255, 0, 0)])
        // An HLS register is not one the renderer writes: such a picture is sent as it is.
        #expect(SixelCanvas(sixel: Array("\u{1B}Pq#0;1;0;50;100#0~\u{1B}\\".utf8)) == nil)
    }

    @Test func picturesPastedSideBySideComeBackFromOneSixel() throws {
        var row = SixelCanvas(width: 10, height: 6)
        row.paste(try #require(SixelCanvas(sixel: Self.sixel(width: 3, 100, 0, 0))), x: 0, y: 0)
        row.paste(try #require(SixelCanvas(sixel: Self.sixel(width: 3, 0, 0, 100))), x: 7, y: 0)
        let bytes = row.sixel(registers: 256, background: SixelCanvas.Colour(255, 255, 255))
        // Transparent where nothing is painted (P2=1), register 0 the background, painted by none.
        #expect(bytes.starts(with: Array("\u{1B}P0;1;0q\"1;1;10;6#0;2;100;100;100".utf8)))
        let back = try #require(SixelCanvas(sixel: bytes))
        let red = try #require(back.colours.firstIndex(of: SixelCanvas.Colour(255, 0, 0))).advanced(by: 1)
        let blue = try #require(back.colours.firstIndex(of: SixelCanvas.Colour(0, 0, 255))).advanced(by: 1)
        for y in 0..<6 {
            let line = Array(back.pixels[(y * 10)..<(y * 10 + 10)])
            #expect(line == [red, red, red, 0, 0, 0, 0, blue, blue, blue].map(UInt16.init), "row \(y)")
        }
    }

    @Test func moreColoursThanRegistersAreMergedIntoThem() throws {
        // 300 greys, one pixel each: into 16 registers (one of them the background).
        var row = SixelCanvas(width: 300, height: 6)
        for grey in 0..<300 {
            let level = grey * 100 / 299
            row.paste(try #require(SixelCanvas(sixel: Array("\u{1B}Pq\"1;1;1;1#0;2;\(level);\(level);\(level)#0@\u{1B}\\".utf8))),
                      x: grey, y: 0)
        }
        let back = try #require(SixelCanvas(sixel: row.sixel(registers: 16, background: SixelCanvas.Colour(0, 0, 0))))
        #expect(back.colours.count == 16)
        // Each pixel keeps a grey near its own.
        for x in 0..<300 {
            let colour = back.colours[Int(back.pixels[x]) - 1]
            #expect(abs(Int(colour.r) - x * 255 / 299) <= 24 && colour.r == colour.g && colour.g == colour.b, "pixel \(x)")
        }
    }

    @Test func picturesSharingRowsAreSentAsOneAndAPictureAloneIsWrittenAgain() throws {
        var rows = SixelRows(cell: PixelSize(width: 2, height: 6))
        let left = Self.placed(Self.sixel(width: 4, 100, 0, 0), id: "a", row: 1, column: 1, columns: 2, rows: 1)
        let right = Self.placed(Self.sixel(width: 4, 0, 100, 0), id: "b", row: 1, column: 5, columns: 2, rows: 1)
        let below = Self.placed(Self.sixel(width: 4, 0, 0, 100), id: "c", row: 3, column: 1, columns: 2, rows: 1)
        let text = PlacedImage(image: TerminalImage(id: "t", size: CellSize(columns: 1, rows: 1), lines: ["x"]),
                               frame: Rect(row: 1, column: 3, columns: 1, rows: 1))
        let composed = rows.compose([left, text, right, below])
        #expect(composed.count == 3 && composed[0] == text)
        let row = try #require(composed.first { $0.frame.origin.row == 1 && $0.image.isGraphic })
        #expect(row.frame == Rect(row: 1, column: 1, columns: 6, rows: 1))
        let pixels = try #require(SixelCanvas(sixel: row.image.picture.graphicBytes))
        #expect(pixels.width == 12 && pixels.height == 6)
        #expect(pixels.pixels[0] != 0 && pixels.pixels[4] == 0 && pixels.pixels[8] != 0)
        let alone = try #require(composed.first { $0.frame.origin.row == 3 })
        #expect(alone.frame == below.frame && alone.image.picture.graphicBytes != below.image.picture.graphicBytes)
        // The same pictures again: the same composed picture, not another.
        #expect(rows.compose([left, text, right, below]) == composed)
    }

    @Test func aRowOfPicturesNeverSpansABoxDrawnOverThem() throws {
        // A help box over the middle of the row: the pictures left and right of it stay apart,
        // so that neither is drawn over the box's text.
        var rows = SixelRows(cell: PixelSize(width: 2, height: 6))
        let left = Self.placed(Self.sixel(width: 4, 100, 0, 0), id: "a", row: 1, column: 1, columns: 2, rows: 1)
        let right = Self.placed(Self.sixel(width: 4, 0, 100, 0), id: "b", row: 1, column: 7, columns: 2, rows: 1)
        let composed = rows.compose([left, right], apart: [Rect(row: 0, column: 4, columns: 2, rows: 3)])
        #expect(composed.map(\.frame) == [left.frame, right.frame])
        #expect(rows.compose([left, right]).map(\.frame) == [Rect(row: 1, column: 1, columns: 8, rows: 1)])
    }

    /// A row's picture wider than the terminal takes (xterm: 1000 pixels) is never made: the
    /// thumbnail that would widen it past that starts a picture of its own.
    @Test func aRowPictureIsNeverWiderThanTheTerminalTakes() {
        var rows = SixelRows(cell: PixelSize(width: 2, height: 6), maxWidth: 12)
        let tiles = (0..<3).map { Self.placed(Self.sixel(width: 4, 100, 0, 0), id: "t\($0)", row: 1, column: 1 + 3 * $0,
                                              columns: 2, rows: 1) }
        let composed = rows.compose(tiles)
        #expect(composed.map(\.frame) == [Rect(row: 1, column: 1, columns: 5, rows: 1), tiles[2].frame])
        #expect(composed.allSatisfy { $0.frame.size.columns * 2 <= 12 })
        var wide = SixelRows(cell: PixelSize(width: 2, height: 6))
        #expect(wide.compose(tiles).map(\.frame) == [Rect(row: 1, column: 1, columns: 8, rows: 1)])
        #expect(SixelRows.xtermMaxWidth == 1000)
    }

    @Test func aRowPictureEndsOnAWholeBandInsideItsCells() throws {
        // Cells 5 pixels high: two rows are 10 pixels, and tmux would round 10 up to 12, into
        // the row below. The picture stops at 6.
        var rows = SixelRows(cell: PixelSize(width: 2, height: 5))
        let tall = Array("\u{1B}Pq\"1;1;4;10#0;2;100;0;0#0!4~-#0!4~\u{1B}\\".utf8)
        let composed = rows.compose([Self.placed(tall, id: "a", row: 0, column: 0, columns: 2, rows: 2)])
        let picture = try #require(composed.first)
        let pixels = try #require(SixelCanvas(sixel: picture.image.picture.graphicBytes))
        #expect(pixels.height == 6)
    }

    @Test func whereLinesOwnPicturesTheirBlanksAreNeverCleared() {
        let picture = Self.placed(Self.sixel(width: 4, 100, 0, 0), id: "a", row: 1, column: 0, columns: 2, rows: 1)
        var terminal = CellBuffer(size: CellSize(columns: 6, rows: 3))
        terminal.put("ab", at: Point(row: 1, column: 3), style: [], maxWidth: nil)
        var tmux = terminal
        terminal.markUnder([picture])
        tmux.markUnder([picture], linesOwnPictures: true)
        // In a terminal, the blank after the text may be cleared (EL); in tmux that clear would
        // delete the picture on the same line, so it is a space under the picture's care.
        #expect(terminal.rows[1][5].mayBeCleared && !tmux.rows[1][5].mayBeCleared)
        #expect(tmux.rows[1][3].glyph == "a" && tmux.rows[0][5].mayBeCleared && tmux.rows[2][0].mayBeCleared)
    }
}
