import TerminalVocabulary
import Testing
@testable import TUI

/// The cells under a picture are marked so ncurses never clears across them: a thumbnail arriving
/// (its placeholder text erased) must not damage the pictures beside it.
@Suite struct ImageCoverTests {
    static let columns = 30

    func image(_ id: String, column: Int, columns: Int = 8, kind: GraphicFixture.Kind = .sixel) -> PlacedImage {
        let image = GraphicFixture.image(id, kind, bytes: Array(id.utf8), size: CellSize(columns: columns, rows: 3))
        return PlacedImage(image: image, frame: Rect(row: 0, column: column, columns: columns, rows: 3))
    }

    /// A frame of one grid row: the pictures that have arrived, "loading…" on the middle line of
    /// those that have not (as GridView draws it).
    func frame(shown: [PlacedImage], loading: [PlacedImage]) -> CellBuffer {
        var buffer = CellBuffer(size: CellSize(columns: Self.columns, rows: 3))
        for placed in loading {
            buffer.put("loading…", at: Point(row: 1, column: placed.frame.origin.column), style: .dim, maxWidth: nil)
        }
        buffer.markUnder(shown)
        return buffer
    }

    @Test(arguments: [(0, 20), (20, 0), (10, 0)])
    func aNeighbourArrivingLeavesAPictureBesideItAlone(shownColumn: Int, arrivingColumn: Int) {
        // Right of, left of, and between blanks: with the cells under `shown` as blanks, ncurses
        // would clear from the line start (EL1) or to its end (EL) across `shown`.
        let shown = image("a", column: shownColumn)
        let arriving = image("b", column: arrivingColumn)
        let old = frame(shown: [shown], loading: [arriving])
        let new = frame(shown: [shown, arriving], loading: [])
        let plan = ImageLayerPlan(previous: [shown], current: [shown, arriving], textDamage: TextDamage(from: old, to: new))
        #expect(plan.imagesToSend == [1])
        #expect(plan.framesToRepaint.isEmpty)
    }

    @Test func withoutTheMarksTheSameArrivalDamagesTheNeighbour() {
        // What the marks prevent: the erased placeholder leaves only blanks before it.
        let shown = image("a", column: 0)
        let arriving = image("b", column: 20)
        var old = CellBuffer(size: CellSize(columns: Self.columns, rows: 3))
        old.put("loading…", at: Point(row: 1, column: 20), style: .dim, maxWidth: nil)
        let new = CellBuffer(size: CellSize(columns: Self.columns, rows: 3))
        let plan = ImageLayerPlan(previous: [shown], current: [shown, arriving], textDamage: TextDamage(from: old, to: new))
        #expect(plan.imagesToSend == [0, 1])
    }

    @Test func noClearIsAssumedAcrossCellsUnderAPicture() {
        // Text between two pictures that reach the line's ends: everything before and after the
        // change is alike, but a cell under a picture is not a blank ncurses clears with.
        func row(_ text: String) -> [Cell] {
            var buffer = CellBuffer(size: CellSize(columns: 12, rows: 1))
            buffer.put(text, at: Point(row: 0, column: 5), style: [], maxWidth: nil)
            buffer.markUnderImage(Rect(row: 0, column: 0, columns: 5, rows: 1))
            buffer.markUnderImage(Rect(row: 0, column: 7, columns: 5, rows: 1))
            return buffer.rows[0]
        }
        #expect(TextDamage.changedSpan(old: row("ab"), new: row("xy")) == 5...6)
        // Where the first cell is a plain blank, clearing from the line start stops at the picture.
        var plain = CellBuffer(size: CellSize(columns: 12, rows: 1))
        plain.put("ab", at: Point(row: 0, column: 5), style: [], maxWidth: nil)
        plain.markUnderImage(Rect(row: 0, column: 2, columns: 2, rows: 1))
        var cleared = CellBuffer(size: CellSize(columns: 12, rows: 1))
        cleared.markUnderImage(Rect(row: 0, column: 2, columns: 2, rows: 1))
        #expect(TextDamage.changedSpan(old: plain.rows[0], new: cleared.rows[0]) == 5...11)
    }

    @Test func marksCoverTextAndGraphicsButNotKittyPictures() {
        var buffer = CellBuffer(size: CellSize(columns: 10, rows: 2))
        buffer.put("漢字xy", at: Point(row: 0, column: 0), style: .bold, maxWidth: nil)
        let text = PlacedImage(image: TerminalImage(id: "t", size: CellSize(columns: 2, rows: 1), lines: ["##"]),
                               frame: Rect(row: 0, column: 1, columns: 2, rows: 1))
        let kitty = image("k", column: 6, columns: 4, kind: .kitty(1))
        buffer.markUnder([text, kitty])
        // Both wide characters were cut: their halves outside the picture become spaces.
        #expect(buffer.rows[0].map(\.glyph) == [" ", " ", " ", " ", "x", "y", " ", " ", " ", " "])
        #expect(buffer.rows[0].map(\.isUnderImage) == [false, true, true, false, false, false, false, false, false, false])
        #expect(buffer.rows[0][1] != .blank && !buffer.rows[0][1].mayBeCleared)
        #expect(buffer.rows[1].allSatisfy { $0 == .blank })
    }
}
