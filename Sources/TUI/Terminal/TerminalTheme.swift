/// The colours the terminal layer gives the `.accent`, `.selection` and `.status` styles.
/// Colours are curses colour numbers (0 black … 7 white), -1 the terminal's default.
public struct TerminalTheme: Sendable, Equatable {
    public struct Colors: Sendable, Equatable {
        public var foreground: Int16
        public var background: Int16

        public init(foreground: Int16, background: Int16) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// False: no colour at all (NO_COLOR); the styles fall back to reverse video and bold.
    public var usesColor: Bool
    public var accent: Colors
    public var selection: Colors
    public var status: Colors

    public init(usesColor: Bool, accent: Colors, selection: Colors, status: Colors) {
        self.usesColor = usesColor
        self.accent = accent
        self.selection = selection
        self.status = status
    }

    /// For dark terminal backgrounds: cyan accents, black on cyan selection, black on white status.
    public static let dark = TerminalTheme(
        usesColor: true, accent: Colors(foreground: 6, background: -1),
        selection: Colors(foreground: 0, background: 6), status: Colors(foreground: 0, background: 7))
    /// For light terminal backgrounds: blue accents, white on blue selection and status.
    public static let light = TerminalTheme(
        usesColor: true, accent: Colors(foreground: 4, background: -1),
        selection: Colors(foreground: 7, background: 4), status: Colors(foreground: 7, background: 4))
    /// No colours: what `NO_COLOR` asks for.
    public static let monochrome = TerminalTheme(
        usesColor: false, accent: dark.accent, selection: dark.selection, status: dark.status)

    /// `.dark` or `.light` by name; nil for anything else.
    public static func named(_ name: String) -> TerminalTheme? {
        switch name.lowercased() {
        case "dark": return .dark
        case "light": return .light
        default: return nil
        }
    }
}

/// The curses colour pairs a theme was installed as; nil pairs fall back to attributes.
struct ThemePairs: Equatable {
    var accent: Int16?
    var selection: Int16?
    var status: Int16?

    static let none = ThemePairs()
}
