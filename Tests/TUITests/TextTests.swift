import Testing
@testable import TUI
import TerminalVocabulary

@Suite struct DisplayWidthTests {
    @Test func countsWideCharactersAsTwoColumns() {
        #expect(displayWidth("abc") == 3)
        #expect(displayWidth("東京") == 4)
        #expect(displayWidth("😀!") == 3)
        #expect(displayWidth("e\u{301}") == 1)  // e + combining acute
        #expect(displayWidth("a\u{1B}b") == 2)
    }

    @Test func truncateKeepingTheEndShortensWhatComesBeforeItInItsMiddle() {
        let title = "Holiday — Café & Friends/IMG_1234.jpg"
        #expect(truncate(title, toWidth: 24, keepingLast: 12) == "Holida…ends/IMG_1234.jpg")
        #expect(displayWidth(truncate(title, toWidth: 24, keepingLast: 12)) == 24)
        #expect(truncate(title, toWidth: 40, keepingLast: 12) == title, "fits: untouched")
        #expect(truncate(title, toWidth: 24, keepingLast: 0) == truncate(title, toWidth: 24), "nothing kept: cut at the end")
        #expect(truncate(title, toWidth: 13, keepingLast: 12) == "IMG_1234.jpg", "no room for the folders")
        #expect(truncate(title, toWidth: 10, keepingLast: 12) == "IMG_1234.…", "the end itself cut")
        #expect(truncate("東京/タワー.jpg", toWidth: 14, keepingLast: 7) == "東…/タワー.jpg")
        #expect(truncate("東京/タワー.jpg", toWidth: 12, keepingLast: 7) == "…タワー.jpg", "a wide character that does not fit is left out")
    }

    @Test func truncateCutsByColumnsAndMarksTheCut() {
        #expect(truncate("hello", toWidth: 5) == "hello")
        #expect(truncate("hello world", toWidth: 8) == "hello w…")
        #expect(truncate("東京タワー", toWidth: 6) == "東京…")
        #expect(truncate("東京タワー", toWidth: 5) == "東京…")
        #expect(displayWidth(truncate("東京タワー", toWidth: 4)) == 3)
        #expect(truncate("hello", toWidth: 0) == "")
    }
}

@Suite struct SanitizeTests {
    @Test func stripsWholeTerminalControlSequences() {
        #expect(sanitize("x\u{1B}]52;c;SGVsbG8=\u{07}y") == "xy")
        #expect(sanitize("x\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\y") == "xlinky")
        #expect(sanitize("\u{1B}[2Jcleared") == "cleared")
        #expect(sanitize("\u{1B}[38;5;196mred\u{1B}[0m") == "red")
        #expect(sanitize("a\u{9B}31mb") == "ab")
        #expect(sanitize("a\u{9D}0;title\u{9C}b") == "ab")
        #expect(sanitize("a\u{1B}Pq#0;2;0;0;0~\u{1B}\\b") == "ab")
        #expect(sanitize("save\u{1B}7d") == "saved")
        // An unterminated string swallows the rest rather than letting any of it through.
        #expect(sanitize("ok\u{1B}]52;c;AAAA") == "ok")
        #expect(sanitize("line\nbreak\ttab\r\u{7F}") == "linebreaktab")
    }

    @Test func stripsBidiAndZeroWidthCharacters() {
        #expect(sanitize("\u{202E}txt.exe\u{202C}") == "txt.exe")
        #expect(sanitize("a\u{200B}b\u{2066}c\u{2069}\u{FEFF}") == "abc")
        #expect(sanitize("bad\u{FFFD}utf8") == "badutf8")
    }

    @Test func keepsOrdinaryText() {
        #expect(sanitize("Café — 東京 😀") == "Café — 東京 😀")
    }
}

@Suite struct ANSILineTests {
    @Test func keepsColoursAndDropsEverythingElse() {
        let line = ANSILine("\u{1B}[38;2;1;2;3mab\u{1B}[2J\u{1B}]52;c;eA==\u{07}c\u{1B}[5;5Hd\u{9B}1m")
        #expect(line.plainText == "abcd")
        #expect(line.width == 4)
        #expect(line.slice(from: 0, width: 4) == "\u{1B}[38;2;1;2;3mabcd\u{1B}[0m")
    }

    @Test func slicesByColumnsKeepingTheColourInForce() {
        let line = ANSILine("\u{1B}[31mab\u{1B}[32mcd")
        #expect(line.slice(from: 1, width: 2) == "\u{1B}[31mb\u{1B}[32mc\u{1B}[0m")
        #expect(ANSILine("a東b").slice(from: 2, width: 2) == " b")
        #expect(ANSILine("a東b").slice(from: 0, width: 2) == "a ")
    }

    @Test func croppedImagesGetTheirOwnIdentity() {
        let image = TerminalImage(id: "p1", size: CellSize(columns: 3, rows: 2), lines: ["abc", "def"])
        let cropped = image.cropped(to: Rect(row: 1, column: 1, columns: 5, rows: 5))
        #expect(cropped.size == CellSize(columns: 2, rows: 1))
        #expect(cropped.lines == ["ef"])
        #expect(cropped.id != image.id)
        #expect(image.cropped(to: Rect(row: 0, column: 0, columns: 3, rows: 2)) == image)
    }
}
