import Testing
import TerminalVocabulary

@Suite struct EscapedTextTests {
    @Test func plainTextIsLeftAlone() {
        #expect(escapedForTerminal("gallery: a b.jpg: not an image") == "gallery: a b.jpg: not an image")
        #expect(escapedForTerminal("café 東京.jpg") == "café 東京.jpg")
    }

    @Test func whatCouldActOnTheTerminalOrBreakTheLineIsShownEscaped() {
        // OSC 52 (the clipboard), a screen clear, a newline, a C1 CSI, DEL, a bidi override.
        #expect(escapedForTerminal("a\u{1B}]52;c;aGk=\u{07}b") == "a\\e]52;c;aGk=\\x07b")
        #expect(escapedForTerminal("x\u{1B}[2Jy") == "x\\e[2Jy")
        #expect(escapedForTerminal("one\ntwo\r\tthree") == "one\\ntwo\\r\\tthree")
        #expect(escapedForTerminal("\u{9B}31m\u{7F}") == "\\x9B31m\\x7F")
        #expect(escapedForTerminal("photo\u{202E}gpj.exe") == "photo\\u{202E}gpj.exe")
        #expect(escapedForTerminal("\u{FEFF}a\u{200B}b") == "\\u{FEFF}a\\u{200B}b")
    }
}
