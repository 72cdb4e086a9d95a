/// The keys as people read them: one table for the `?` overlay, `gallery --help` and the man page
/// (plain ASCII names, which every terminal font and the man page formatter show).
public enum KeyHelp {
    /// (keys, what they do), in the order shown.
    public static func entries(for keys: KeyBindings) -> [(keys: String, action: String)] {
        let quit = KeyBindings.name(of: keys.quit)
        return [
            ("arrows  h j k l", "move the selection"),
            ("PgUp PgDn", "scroll a screenful"),
            ("Ctrl-U Ctrl-D", "scroll half a screenful"),
            ("g G  Home End", "first / last photo"),
            ("n N", "next / previous page"),
            ("Enter, double-click", "open the detail pane, or a folder"),
            ("Left Right  h l", "previous / next photo (detail pane)"),
            ("Esc  Backspace", "back (detail pane, search results)"),
            ("Backspace  -", "up to the folder above (local photos)"),
            ("s", "order by name, date, date taken, size (local)"),
            ("f", "thumbnails cropped or whole (fit)"),
            (KeyBindings.name(of: keys.search), "search"),
            ("r", "retry what failed, else refresh"),
            ("o", "open the file in its viewer, or the web page"),
            ("d", "download the original"),
            ("y", "copy the file's path or the link (OSC 52)"),
            ("Space  v", "mark / unmark; invert the marks"),
            ("D", "move marked (else selected) files to the trash"),
            ("u", "restore the last files moved to the trash"),
            ("R", "rename the file"),
            ("wheel, click", "scroll, select"),
            ("Ctrl-L", "draw the whole screen again"),
            (KeyBindings.name(of: keys.help), "this help"),
            (quit == "q" ? "q  Ctrl-C" : "\(quit)  Ctrl-C", "quit"),
        ]
    }

    /// The table as aligned plain-text lines, each indented by `indent` spaces.
    public static func text(for keys: KeyBindings, indent: Int = 2) -> String {
        let rows = entries(for: keys)
        let width = rows.map { $0.keys.count }.max() ?? 0
        return rows.map { row in
            String(repeating: " ", count: indent) + row.keys
                + String(repeating: " ", count: width - row.keys.count + 3) + row.action
        }.joined(separator: "\n")
    }
}
