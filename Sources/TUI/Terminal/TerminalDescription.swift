/// Which terminfo description curses starts with, from `TERM`.
///
/// A `TERM` this machine has no description for is common over SSH (a new terminal's own name,
/// such as `xterm-kitty`, on a server that lacks its entry), and an unset one happens under
/// service managers and some IDEs: both get `ansi`, a minimal description in ncurses-base, which
/// every Debian system has (cursor moves, attributes, 8 colours; no alternate screen, no mouse).
/// `dumb` says the terminal cannot move the cursor, which a full-screen program needs.
public enum TerminalDescription {
    /// The description used when `TERM` names none this machine has.
    public static let fallback = "ansi"

    /// The names to start curses with, in order: `term` itself, then the fallback.
    /// - Throws: `TerminalError.cannotMoveTheCursor` for `dumb`.
    public static func candidates(term: String?) throws(TerminalError) -> [String] {
        let term = term ?? ""
        guard term != "dumb" else { throw .cannotMoveTheCursor(term) }
        return term.isEmpty || term == fallback ? [fallback] : [term, fallback]
    }
}
