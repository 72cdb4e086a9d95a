/// What the environment variables alone say about the terminal, without asking it anything: the
/// one rule behind `gallery view`'s default mode and the full-screen app's first guess (which the
/// app then refines with its live probe).
///
/// Where the environment is ambiguous the rule picks what a user would expect:
/// - foot and mlterm draw sixel, so their `TERM` (and any `*-sixel` entry) names sixel;
/// - inside tmux or GNU screen only text, since their passthrough of images is unreliable;
/// - `NO_COLOR` (set and non-empty, see no-color.org) and terminals without colour (a `vt*` entry
///   such as vt100 or vt220, `dumb`, no `TERM` at all) get ASCII instead of half-blocks, but
///   `NO_COLOR` leaves a graphics protocol alone: the pictures are what the user asked to see, not
///   colour added to text.
public struct TerminalGuess: Equatable, Sendable {
    /// The pixel protocol the environment names (a mode that `drawsPixels`); nil when it names
    /// none or inside a multiplexer.
    public let graphics: RenderMode?
    /// Whether text may be coloured: not with `NO_COLOR`, on a dumb or DEC VT terminal, or without
    /// `TERM`. `ColorDepth` and the text art both follow it.
    public let hasColor: Bool
    /// `COLORTERM` declares 24-bit colour (`truecolor` or `24bit`).
    public let declaresTrueColor: Bool
    /// The text art for when no pixels are drawn: `.halfblock` ("▀" in two colours, which needs a
    /// colour terminal) or `.ascii` (a brightness ramp any terminal shows).
    public let textArt: RenderMode
    /// Inside tmux or GNU screen.
    public let isMultiplexed: Bool
    /// Over SSH (`SSH_CONNECTION`, `SSH_CLIENT` or `SSH_TTY`, which sshd sets): every byte drawn
    /// crosses a network, so fewer bytes are worth some CPU.
    public let isRemote: Bool

    /// Reads the variables through `variable` (`getenv` in a process that must stay light).
    public init(environment variable: (String) -> String?) {
        let term = (variable("TERM") ?? "").lowercased()
        let program = (variable("TERM_PROGRAM") ?? "").lowercased()
        // A dumb terminal (Emacs' shell buffer says so even inside kitty) may not parse escape
        // sequences at all, whatever protocol the inherited variables name.
        let parsesEscapes = !term.isEmpty && term != "dumb"
        isMultiplexed = variable("TMUX") != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
        isRemote = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !(variable($0) ?? "").isEmpty }
        let noColor = !(variable("NO_COLOR") ?? "").isEmpty
        hasColor = !noColor && parsesEscapes && !Self.isDECTerminal(term)
        declaresTrueColor = ["truecolor", "24bit"].contains((variable("COLORTERM") ?? "").lowercased())
        textArt = hasColor ? .halfblock : .ascii
        guard parsesEscapes, !isMultiplexed else {
            graphics = nil
            return
        }
        // `TERM` first: every terminal sets it for itself, while `KITTY_WINDOW_ID` and
        // `TERM_PROGRAM` may be inherited from the terminal that started this one.
        if term == "xterm-kitty" || term == "xterm-ghostty" {
            graphics = .kitty
        } else if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.hasSuffix("-sixel") {
            graphics = .sixel
        } else if variable("KITTY_WINDOW_ID") != nil || program == "ghostty" {
            graphics = .kitty
        } else if ["iterm.app", "wezterm", "mintty"].contains(program) {
            graphics = .iterm
        } else {
            graphics = nil
        }
    }

    /// A DEC VT entry (vt52, vt100, vt220...): no colour. Not `vte-256color`, GNOME's colour terminals.
    private static func isDECTerminal(_ term: String) -> Bool {
        term.hasPrefix("vt") && term.dropFirst(2).first?.isNumber == true
    }

    /// Reads the variables from `environment`.
    public init(environment: [String: String]) {
        self.init(environment: { environment[$0] })
    }
}
