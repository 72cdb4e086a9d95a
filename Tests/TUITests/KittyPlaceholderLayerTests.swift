import Imaging
import Testing
@testable import TUI
import TerminalVocabulary

/// kitty pictures inside tmux through the image layer: each transmitted once, wrapped for tmux's
/// passthrough with a virtual placement (`U=1`), then written as Unicode placeholder cells, text
/// that a region scroll moves like any text.
@Suite struct KittyPlaceholderLayerTests {
    /// One placeholder cell as a terminal reads it: the image id its foreground colour carries,
    /// the row and column its diacritics name, and the screen cell it is written to.
    struct Cell: Equatable {
        var id: UInt32
        var row: Int
        var column: Int
        var screenRow: Int
        var screenColumn: Int
    }

    /// A `columns` x `rows` picture under `id`, rendered as the grid renders kitty inside tmux.
    static func picture(id: UInt32, columns: Int, rows: Int) throws -> TerminalImage {
        let renderer = PictureRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20), depth: .trueColor,
                                       kittyTransmission: .placeholdersThroughTmux)
        let image = RGBImage(width: columns * 10, height: rows * 20, filledWith: RGB(200, 30, 90))
        let rendered = try renderer.render(image, cells: CellSize(columns: columns, rows: rows), fit: .crop, kittyID: id)
        return TerminalImage(rendered, id: "photo \(id)")
    }

    /// The placeholder cells `bytes` write: a CUP moves to a cell, and ANSILine (the screen's own
    /// reader of picture rows) reads the colours and characters between the CUPs.
    static func placeholderCells(_ bytes: [UInt8]) -> [Cell] {
        let text = String(decoding: bytes, as: UTF8.self)
        var cells: [Cell] = []
        var (screenRow, column) = (0, 0)
        var id: UInt32?
        for piece in text.split(separator: "\u{1B}[", omittingEmptySubsequences: false).dropFirst() {
            let position = piece.prefix { $0 != "H" }
            let numbers = position.split(separator: ";").compactMap { Int($0) }
            var rest = "\u{1B}[" + piece
            if piece.dropFirst(position.count).first == "H", numbers.count == 2 {
                (screenRow, column) = (numbers[0] - 1, numbers[1] - 1)
                rest = String(piece.dropFirst(position.count + 1))
            }
            for token in ANSILine(rest).tokens {
                switch token {
                case .sgr(let sgr):
                    id = foregroundID(sgr) ?? (sgr == "\u{1B}[39m" || sgr == "\u{1B}[0m" ? nil : id)
                case .glyph(let character, let width):
                    let scalars = Array(character.unicodeScalars)
                    if scalars.first == KittyPlaceholders.character, scalars.count == 3, let id,
                       let row = KittyPlaceholders.number(of: scalars[1]), let imageColumn = KittyPlaceholders.number(of: scalars[2]) {
                        cells.append(Cell(id: id, row: row, column: imageColumn, screenRow: screenRow, screenColumn: column))
                    }
                    column += width
                }
            }
        }
        return cells
    }

    /// The id `38;5;n` or `38;2;r;g;b` carries.
    static func foregroundID(_ sgr: String) -> UInt32? {
        let values = sgr.dropFirst(2).dropLast().split(separator: ";").compactMap { UInt32($0) }
        if values.count == 3, values[0] == 38, values[1] == 5 { return values[2] }
        if values.count == 5, values[0] == 38, values[1] == 2 { return values[2] << 16 | values[3] << 8 | values[4] }
        return nil
    }

    /// The cells a `columns` x `rows` picture under `id` at `origin` shows, from `firstRow` of the picture on.
    static func expected(id: UInt32, columns: Int, rows: Range<Int>, at origin: Point) -> [Cell] {
        rows.flatMap { row in
            (0..<columns).map { column in
                Cell(id: id, row: row, column: column, screenRow: origin.row + row - rows.lowerBound,
                     screenColumn: origin.column + column)
            }
        }
    }

    @Test func aPictureIsOneTransmissionThroughPassthroughThenPlaceholderCells() throws {
        let id: UInt32 = 0x05_0003
        let image = try Self.picture(id: id, columns: 4, rows: 3)
        #expect(!image.isGraphic, "placeholders are text")
        var layer = ImageLayer()
        let frame = layer.frame([PlacedImage(image: image, frame: Rect(row: 2, column: 6, columns: 4, rows: 3))],
                                textDamage: TextDamage(columns: 40))
        let storage = String(decoding: frame.storage, as: UTF8.self)
        // Every command inside tmux's passthrough, ESCs doubled: one transmission, with its virtual placement.
        #expect(storage.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=24,s=40,v=60,U=1,i=\(id),c=4,r=3,q=2,m="))
        #expect(storage.ranges(of: "a=T").count == 1)
        #expect(!storage.replacing("\u{1B}\u{1B}", with: "").replacing("\u{1B}\\", with: "")
            .replacing("\u{1B}Ptmux;", with: "").contains("\u{1B}"), "no ESC left single inside a wrapper")
        // Then the cells, as text: no placement command.
        #expect(!String(decoding: frame.pictures, as: UTF8.self).contains("\u{1B}_G"))
        #expect(Self.placeholderCells(frame.pictures) == Self.expected(id: id, columns: 4, rows: 0..<3, at: Point(row: 2, column: 6)))
    }

    @Test func idsUnder256TakeA256ColourAndAPartShownNamesItsOwnCells() throws {
        let image = try Self.picture(id: 42, columns: 3, rows: 4)
        // The top row scrolled off the screen: the rows below name rows 1 to 3 of the picture.
        let placed = try #require(PlacedImage(image, at: Point(row: -1, column: 0), on: CellSize(columns: 20, rows: 10)))
        var layer = ImageLayer()
        let frame = layer.frame([placed], textDamage: TextDamage(columns: 20))
        #expect(String(decoding: frame.pictures, as: UTF8.self).contains("\u{1B}[38;5;42m"))
        #expect(Self.placeholderCells(frame.pictures) == Self.expected(id: 42, columns: 3, rows: 1..<4, at: Point(row: 0, column: 0)))
        #expect(String(decoding: frame.storage, as: UTF8.self).contains("U=1,i=42,c=3,r=4"), "the whole picture is stored")
    }

    @Test func scrollingTheGridByARowMovesTextOnly() throws {
        let pictures = try (1...3).map { try Self.picture(id: 0x02_0000 | UInt32($0), columns: 5, rows: 2) }
        func grid(top: Int) -> [PlacedImage] {
            pictures.enumerated().map { PlacedImage(image: $0.element, frame: Rect(row: top + 3 * $0.offset, column: 2, columns: 5, rows: 2)) }
        }
        var layer = ImageLayer()
        let first = layer.frame(grid(top: 1), textDamage: nil)
        #expect(String(decoding: first.storage, as: UTF8.self).ranges(of: "a=T").count == 3)
        // The terminal (tmux) moves rows 0..<12 up by one, text and placeholders alike.
        let pieces = layer.scroll(RegionScroll(rows: 0..<12, distance: 1))
        #expect(pieces.isEmpty)
        let scrolled = layer.frame(grid(top: 0), textDamage: TextDamage(columns: 40))
        #expect(scrolled.storage.isEmpty, "no transmission")
        #expect(scrolled.pictures.isEmpty, "nothing written: the placeholders moved with the rows")
        #expect(!TerminalImage(pictures[0].picture, id: "x").isGraphic)
    }

    @Test func placeholdersShareTheTextCells() throws {
        let placed = PlacedImage(image: try Self.picture(id: 300, columns: 2, rows: 2), frame: Rect(row: 0, column: 0, columns: 2, rows: 2))
        #expect(placed.sharesTextCells)
        // Text written over them erases them, so they are written again; and no placement delete goes out when they leave.
        let plan = ImageLayerPlan(previous: [placed], current: [placed], textDamage: {
            var damage = TextDamage(columns: 10)
            damage.mark(Rect(row: 1, column: 0, columns: 1, rows: 1))
            return damage
        }())
        #expect(plan.imagesToSend == [0])
        let gone = ImageLayerPlan(previous: [placed], current: [], textDamage: TextDamage(columns: 10))
        #expect(gone.kittyDeletes.isEmpty && gone.framesToRepaint == [placed.frame])
    }
}
