import Testing
@testable import TUI
import TerminalVocabulary

@MainActor @Suite struct TextFieldTests {
    func type(_ text: String, into field: inout TextField) {
        for character in text { #expect(field.handle(.character(character)) == .editing) }
    }

    func drawn(_ field: TextField, width: Int) -> InMemoryScreen {
        let screen = InMemoryScreen(size: CellSize(columns: width, rows: 1))
        screen.beginFrame()
        field.draw(on: screen, in: Rect(row: 0, column: 0, columns: width, rows: 1))
        return screen
    }

    @Test func typingBackspaceAndSubmit() {
        var field = TextField(prompt: "/")
        type("cats", into: &field)
        #expect(field.handle(.backspace) == .editing)
        type("ts ", into: &field)
        #expect(field.text == "catts ")
        #expect(field.handle(.enter) == .submitted("catts"))
    }

    @Test func ctrlUClearsAndEscCancels() {
        var field = TextField(prompt: "/")
        type("mountains", into: &field)
        #expect(field.handle(.ctrl("u")) == .editing)
        #expect(field.text == "")
        #expect(field.handle(.backspace) == .editing)
        #expect(field.handle(.escape) == .cancelled)
        #expect(field.handle(.up) == .ignored)
    }

    @Test func backspaceRemovesAWholeWideCharacterOrCluster() {
        var field = TextField(prompt: "/")
        type("東京🇯🇵", into: &field)
        #expect(field.handle(.backspace) == .editing)
        #expect(field.text == "東京")
        #expect(field.handle(.backspace) == .editing)
        #expect(field.text == "東")
    }

    @Test func controlCharactersAreNotInserted() {
        var field = TextField(prompt: "/")
        #expect(field.handle(.character("\u{9B}")) == .editing)
        #expect(field.text == "")
        var short = TextField(prompt: "/", maxLength: 3)
        type("abcdef", into: &short)
        #expect(short.text == "abc")
    }

    @Test func drawsPromptTextAndCursor() {
        var field = TextField(prompt: "search: ")
        type("sea", into: &field)
        let screen = drawn(field, width: 20)
        #expect(screen.text() == ["search: sea"])
        #expect(screen.style(at: Point(row: 0, column: 11)) == .reverse)  // the cursor
        #expect(screen.style(at: Point(row: 0, column: 10)) == [])
    }

    @Test func longTextShowsItsEndAndWideCharactersKeepTheColumns() {
        var field = TextField(prompt: "/")
        type("日本語のテキスト検索", into: &field)
        let screen = drawn(field, width: 10)
        // 10 columns: "/", then "…" and whole wide characters within 7 columns, then the cursor.
        #expect(screen.text() == ["/…ト検索"])
        #expect(displayWidth(screen.text()[0]) == 8)
        #expect(screen.style(at: Point(row: 0, column: 8)) == .reverse)
        #expect(TextField.tail(of: "abcdef", fitting: 4) == "…def")
        #expect(TextField.tail(of: "abc", fitting: 4) == "abc")
    }
}
