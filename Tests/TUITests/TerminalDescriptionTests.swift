import Testing
import TUI

@Suite struct TerminalDescriptionTests {
    @Test func theTerminalsOwnDescriptionComesFirstThenTheFallback() throws {
        #expect(try TerminalDescription.candidates(term: "xterm-kitty") == ["xterm-kitty", "ansi"])
        #expect(try TerminalDescription.candidates(term: nil) == ["ansi"])
        #expect(try TerminalDescription.candidates(term: "") == ["ansi"])
        #expect(try TerminalDescription.candidates(term: "ansi") == ["ansi"])
    }

    @Test func dumbIsRefusedWithASentence() {
        #expect(throws: TerminalError.cannotMoveTheCursor("dumb")) { try TerminalDescription.candidates(term: "dumb") }
        #expect(TerminalError.cannotMoveTheCursor("dumb").description.contains("gallery view FILE"))
    }
}
