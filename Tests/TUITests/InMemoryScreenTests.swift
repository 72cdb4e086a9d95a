import Testing
@testable import TUI
import TerminalVocabulary

@MainActor @Suite struct InMemoryScreenTests {
    let screen = InMemoryScreen(size: CellSize(columns: 10, rows: 3))

    @Test func putClipsToMaxWidthAndToTheScreen() {
        screen.beginFrame()
        screen.put("abcdef", at: Point(row: 0, column: 2), style: .bold, maxWidth: 3)
        screen.put("0123456789AB", at: Point(row: 1, column: 5))
        screen.put("xyz", at: Point(row: 2, column: -1))
        screen.put("never", at: Point(row: 3, column: 0))
        #expect(screen.text() == ["  abc", "     01234", "yz"])
        #expect(screen.style(at: Point(row: 0, column: 2)) == .bold)
        #expect(screen.style(at: Point(row: 0, column: 5)) == [])
    }

    @Test func wideCharactersTakeTwoColumnsAndAreNotSplit() {
        screen.beginFrame()
        screen.put("東京タワー", at: Point(row: 0, column: 0))
        screen.put("ab東", at: Point(row: 1, column: 7))  // 東 would straddle the edge: left out
        screen.put("東京", at: Point(row: 2, column: 0))
        screen.put("x", at: Point(row: 2, column: 1))  // overwrites the right half of 東
        #expect(screen.text() == ["東京タワー", "       ab", " x京"])
    }

    @Test func putSanitizes() {
        screen.beginFrame()
        screen.put("a\u{1B}[2Jb\u{9B}c", at: .zero)
        #expect(screen.text()[0] == "ab")
    }

    @Test func beginFrameClearsTextAndImages() {
        screen.beginFrame()
        screen.put("old", at: .zero)
        screen.place(TerminalImage(id: "i", size: CellSize(columns: 1, rows: 1), lines: ["#"]), at: Point(row: 1, column: 1))
        screen.endFrame()
        screen.beginFrame()
        #expect(screen.text() == ["", "", ""])
        #expect(screen.images.isEmpty)
        #expect(screen.frameCount == 1)
    }

    @Test func imagesShowAsTheirCharactersOverTheText() {
        screen.beginFrame()
        screen.fill(Rect(row: 0, column: 0, columns: 10, rows: 3), with: ".", style: .dim)
        let image = TerminalImage(id: "i", size: CellSize(columns: 3, rows: 2), lines: ["\u{1B}[31m▀▀▀", "\u{1B}[32m▄▄▄"])
        screen.place(image, at: Point(row: 1, column: 8))
        #expect(screen.text() == ["..........", "........▀▀", "........▄▄"])
        #expect(screen.images.count == 1)
    }

    @Test func resizeChangesTheSizeAndClears() {
        screen.put("abc", at: .zero)
        screen.resize(to: CellSize(columns: 4, rows: 1))
        #expect(screen.size == CellSize(columns: 4, rows: 1))
        #expect(screen.text() == [""])
    }
}
