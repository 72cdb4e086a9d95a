import Testing
@testable import TUI
import TerminalVocabulary

@Suite struct ImageLayerPlanTests {
    func placed(_ id: String, row: Int, column: Int, columns: Int = 4, rows: Int = 2) -> PlacedImage {
        let image = TerminalImage(id: id, size: CellSize(columns: columns, rows: rows), lines: Array(repeating: String(repeating: "#", count: columns), count: rows))
        return PlacedImage(image: image, frame: Rect(row: row, column: column, columns: columns, rows: rows))
    }

    let noDamage = TextDamage(columns: 20)

    @Test func anUnchangedImageIsNotSentAgain() {
        let a = placed("a", row: 0, column: 0)
        let plan = ImageLayerPlan(previous: [a], current: [a], textDamage: noDamage)
        #expect(plan == ImageLayerPlan(framesToRepaint: [], imagesToSend: []))
    }

    @Test func aNewImageIsSent() {
        let a = placed("a", row: 0, column: 0)
        let b = placed("b", row: 0, column: 10)
        let plan = ImageLayerPlan(previous: [a], current: [a, b], textDamage: noDamage)
        #expect(plan == ImageLayerPlan(framesToRepaint: [], imagesToSend: [1]))
    }

    @Test func aMovedImageRepaintsItsOldCellsAndResendsImagesOnThem() {
        let a = placed("a", row: 0, column: 0)
        let b = placed("b", row: 1, column: 10)
        let c = placed("c", row: 5, column: 0)
        let d = placed("d", row: 1, column: 2)
        let moved = placed("a", row: 3, column: 0)
        let plan = ImageLayerPlan(previous: [a, b, c, d], current: [moved, b, c, d], textDamage: noDamage)
        // a's old cells (rows 0-1, columns 0-3) are written again by ncurses, which wipes d where
        // it overlaps them; b beside them on row 1 and c below are untouched.
        #expect(plan == ImageLayerPlan(framesToRepaint: [a.frame], imagesToSend: [0, 3]))
    }

    @Test func aVanishedImageRepaintsItsRows() {
        let a = placed("a", row: 2, column: 0, rows: 3)
        let plan = ImageLayerPlan(previous: [a], current: [], textDamage: noDamage)
        #expect(plan == ImageLayerPlan(framesToRepaint: [a.frame], imagesToSend: []))
    }

    @Test func textWrittenUnderAnImageMakesItResend() {
        let a = placed("a", row: 0, column: 0)
        let b = placed("b", row: 0, column: 10)
        var damage = TextDamage(columns: 20)
        damage.markWholeRow(1)
        #expect(ImageLayerPlan(previous: [a, b], current: [a, b], textDamage: damage).imagesToSend == [0, 1])

        // The placeholder under b is erased. With only blanks before it, ncurses may clear from the
        // line start (clr_bol), over a too; with text before it, it writes just those cells.
        var old = CellBuffer(size: CellSize(columns: 20, rows: 2))
        old.put("loading", at: Point(row: 1, column: 11), style: .dim, maxWidth: nil)
        old.put("x", at: Point(row: 1, column: 19), style: [], maxWidth: nil)
        var new = CellBuffer(size: CellSize(columns: 20, rows: 2))
        new.put("x", at: Point(row: 1, column: 19), style: [], maxWidth: nil)
        #expect(ImageLayerPlan(previous: [a, b], current: [a, b], textDamage: TextDamage(from: old, to: new)).imagesToSend == [0, 1])
        old.put("|", at: Point(row: 1, column: 8), style: [], maxWidth: nil)
        new.put("|", at: Point(row: 1, column: 8), style: [], maxWidth: nil)
        #expect(ImageLayerPlan(previous: [a, b], current: [a, b], textDamage: TextDamage(from: old, to: new)).imagesToSend == [1])
    }

    @Test func anImageDrawnOverAResentOneIsResentToStayOnTop() {
        let a = placed("a", row: 0, column: 0)
        let b = placed("b", row: 1, column: 2)
        let a2 = placed("a2", row: 0, column: 0)
        #expect(ImageLayerPlan(previous: [a, b], current: [a2, b], textDamage: noDamage).imagesToSend == [0, 1])
    }
}

@Suite struct TextDamageTests {
    func row(_ text: String, width: Int = 12) -> [Cell] {
        var buffer = CellBuffer(size: CellSize(columns: width, rows: 1))
        buffer.put(text, at: .zero, style: [], maxWidth: nil)
        return buffer.rows[0]
    }

    @Test func spansTheChangedCells() {
        #expect(TextDamage.changedSpan(old: row("abcdefghijkl"), new: row("abcXeYghijkl")) == 3...5)
        #expect(TextDamage.changedSpan(old: row("same"), new: row("same")) == nil)
    }

    @Test func skipsALongUnchangedRunAsNcursesMovesTheCursorOverIt() {
        // Two frame lines changed on either side of 20 unchanged cells (a picture's): ncurses
        // writes each and moves over the picture; over 16 cells or fewer it may write them all.
        let wide = String(repeating: "p", count: 20)
        #expect(TextDamage.changedRuns(old: row("x" + wide + "xz", width: 24), new: row("|" + wide + "|z", width: 24))
            == [0...0, 21...21])
        let narrow = String(repeating: "p", count: 16)
        #expect(TextDamage.changedRuns(old: row("x" + narrow + "xz", width: 20), new: row("|" + narrow + "|z", width: 20))
            == [0...17])
    }

    @Test func reachesTheLineEndWhenTheRestIsBlank() {
        // ncurses may clear to the end of the line from the last non-blank.
        #expect(TextDamage.changedSpan(old: row("abcdef"), new: row("abc")) == 3...11)
    }

    @Test func reachesTheLineStartWhenTheLeadIsBlank() {
        // ncurses may clear to the beginning of the line.
        #expect(TextDamage.changedSpan(old: row("    ab      z", width: 13), new: row("       c    z", width: 13)) == 0...7)
        #expect(TextDamage.changedSpan(old: row("|   ab      z", width: 13), new: row("|      c    z", width: 13)) == 4...7)
    }

    @Test func blankBottomRowsThatWereNotBlankAreCleared() {
        var old = CellBuffer(size: CellSize(columns: 4, rows: 4))
        old.put("x", at: Point(row: 2, column: 0), style: [], maxWidth: nil)
        var new = CellBuffer(size: CellSize(columns: 4, rows: 4))
        new.put("y", at: Point(row: 0, column: 0), style: [], maxWidth: nil)
        #expect(TextDamage.clearedBottom(old: old, new: new) == 2)
        let damage = TextDamage(from: old, to: new)
        #expect(damage.spans[3] == [0...3])
        #expect(damage.spans[1] == nil)
        #expect(damage.touches(Rect(row: 3, column: 2, columns: 1, rows: 1)))
        #expect(!damage.touches(Rect(row: 1, column: 0, columns: 4, rows: 1)))
    }
}
