import Testing
@testable import TUI
import TerminalVocabulary

@MainActor @Suite struct StatusBarTests {
    func drawn(_ bar: StatusBar, width: Int) -> InMemoryScreen {
        let screen = InMemoryScreen(size: CellSize(columns: width, rows: 1))
        screen.beginFrame()
        bar.draw(on: screen, in: Rect(row: 0, column: 0, columns: width, rows: 1))
        return screen
    }

    @Test func leftAndRightAligned() {
        let screen = drawn(StatusBar(left: "Photos", right: "3/30"), width: 20)
        #expect(screen.text() == [" Photos        3/30"])
        #expect((0..<20).allSatisfy { screen.style(at: Point(row: 0, column: $0)) == .status })
    }

    @Test func truncatesWideCharactersAndKeepsTheWidth() {
        let screen = drawn(StatusBar(left: "東京の写真ギャラリー", right: "12/345"), width: 20)
        #expect(screen.text() == [" 東京の写真… 12/345"])
        // An odd budget: a wide character that does not fit leaves a blank, still in the status style.
        let odd = drawn(StatusBar(left: "東京の写真ギャラリー", right: "1/345"), width: 20)
        #expect(odd.text() == [" 東京の写真…  1/345"])
        for screen in [screen, odd] {
            #expect(displayWidth(screen.text()[0]) == 19)
            #expect((0..<20).allSatisfy { screen.style(at: Point(row: 0, column: $0)) == .status })
        }
    }

    @Test func rightTextWiderThanTheBarIsCut() {
        let screen = drawn(StatusBar(left: "left", right: "a very long right side"), width: 10)
        #expect(screen.text() == [" a very …"])
    }
}

@MainActor @Suite struct TextPaneTests {
    @Test func wrapsAtWordsByDisplayWidth() {
        #expect(TextPane.wrap("The quick brown fox jumps over the lazy dog", width: 10)
            == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(TextPane.wrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
        #expect(TextPane.wrap("abcdefghijkl xy", width: 5) == ["abcde", "fghij", "kl xy"])
        #expect(TextPane.wrap("a\n\nb\tc", width: 5) == ["a", "", "b c"])
    }

    @Test func keepsANumberWithItsUnit() {
        #expect(TextPane.wrap("Exposure: 1/125 s · f/2.8 · ISO 400", width: 20)
            == ["Exposure: 1/125 s ·", "f/2.8 · ISO 400"])
        #expect(TextPane.wrap("Exposure: f/2.8 ISO 400", width: 19) == ["Exposure: f/2.8", "ISO 400"])
        #expect(TextPane.wrap("a 4000 × 3000 px", width: 15) == ["a", "4000 × 3000 px"])
    }

    @Test func breaksALongNameAfterASlashUnderscoreOrDash() {
        #expect(TextPane.wrap("/home/me/Pictures/WhatsApp Images", width: 20)
            == ["/home/me/Pictures/", "WhatsApp Images"])
        #expect(TextPane.wrap("IMG_20230727_111104510.jpg", width: 16) == ["IMG_20230727_", "111104510.jpg"])
        #expect(TextPane.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"], "none: at the width")
    }

    @Test func truncatesWithAnEllipsisAtTheBottom() {
        let screen = InMemoryScreen(size: CellSize(columns: 12, rows: 3))
        screen.beginFrame()
        TextPane(text: "The quick brown fox jumps over the lazy dog").draw(on: screen, in: Rect(row: 1, column: 1, columns: 10, rows: 2))
        #expect(screen.text() == ["", " The quick", " brown fox…"])

        screen.beginFrame()
        TextPane(text: "abcdefghij klm").draw(on: screen, in: Rect(row: 0, column: 0, columns: 10, rows: 1))
        #expect(screen.text()[0] == "abcdefghi…")
    }

    @Test func fittingTextHasNoEllipsis() {
        let screen = InMemoryScreen(size: CellSize(columns: 10, rows: 2))
        screen.beginFrame()
        TextPane(text: "short\ntext").draw(on: screen, in: Rect(row: 0, column: 0, columns: 10, rows: 2))
        #expect(screen.text() == ["short", "text"])
    }
}
