public import TUI

/// What a key asks the app to do.
public enum KeyAction: Hashable, Sendable {
    /// A step of the grid's selection, or Enter's open.
    case grid(GridMove)
    case nextPage, previousPage
    /// The first photo of the next or the previous date section (`--group`).
    case nextSection, previousSection
    /// The detail pane's neighbours in the list it was opened from.
    case previousPhoto, nextPhoto
    /// Play or pause the video (a Live Photo's motion) in the detail pane.
    case playPause
    /// The detail pane's zoom keys.
    case zoom(ZoomStep)
    /// Move a zoomed picture a quarter of the pane: -1, 0 or 1 each way.
    case pan(across: Int, down: Int)
    /// The detail pane's picture over the whole terminal, or not.
    case fillTerminal
    /// Out of the detail pane, or out of search results.
    case back
    /// Up to the folder above (a local library).
    case goUp
    /// Months, then years, at a glance (`z`); `zoomOutAtTop` is Backspace's, which zooms out only
    /// from the top row of a grid ordered by date (elsewhere it goes up a folder).
    case zoomOut, zoomOutAtTop
    case cycleOrder, reverseOrder, toggleFit, search, retry
    /// `t`: a prompt for a date to select the first photo of.
    case jumpToDate
    /// Show every date again after `--since` / `--until`.
    case clearDateFilter
    /// `o`, `d`, `y` on the selected photo.
    case openExternally, download, copy
    case mark, invertMarks, trash, undo, rename
    /// `C` and `M`: the marked (else selected) photos to another folder.
    case copyToFolder, moveToFolder
    /// `:`, a command typed once; a `[commands]` binding's own command.
    case typeCommand, run(UserCommand)
    /// A rating, a pick or reject, a colour label, kept in the photos' XMP sidecars.
    case label(LabelChange)
    case redraw, help, quit
    /// The help overlay's own scrolling.
    case scrollHelp(lines: Int), scrollHelpPage(forward: Bool)
    /// The answer yes to a y/n question (any other key is no).
    case answerYes
}

/// Where a binding applies.
public struct KeyContext: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let grid = KeyContext(rawValue: 1 << 0)
    public static let detail = KeyContext(rawValue: 1 << 1)
    /// Whatever scene is up, for the keys it did not use (quit, help, redraw).
    public static let app = KeyContext(rawValue: 1 << 2)
    /// The `?` overlay, which any key outside it closes.
    public static let helpOverlay = KeyContext(rawValue: 1 << 3)
    /// A y/n question, which takes the next key.
    public static let question = KeyContext(rawValue: 1 << 4)

    /// Whether one key could mean something in both: an app-wide key reaches the grid and the
    /// detail pane when they do not use it.
    func overlaps(_ other: KeyContext) -> Bool {
        func widened(_ context: KeyContext) -> KeyContext { context.contains(.app) ? context.union([.grid, .detail]) : context }
        return !widened(self).intersection(widened(other)).isEmpty
    }
}

/// Every key binding of the app, each declared once: its keys, where it applies, its help text and
/// its action. The scenes dispatch through it; the `?` overlay, `gallery --help` (and so the man
/// page), the README's key table and the config file's `[keys]` checks all read it.
public struct KeyMap: Sendable, Equatable {
    /// One action and the keys that trigger it; the first key is the one `[keys]` may rebind.
    public struct Binding: Sendable, Equatable {
        public let action: KeyAction
        public fileprivate(set) var keys: [Key]
    }

    /// One row of the help: bindings that share a sentence ("move the selection").
    struct Group: Sendable, Equatable {
        /// The overlay's and `--help`'s words; nil for keys the help does not list (its own scrolling).
        var help: String?
        /// The README's words, when longer than the help's.
        var detail: String?
        let context: KeyContext
        var bindings: [Binding]
        /// Mouse gestures that do the same, named after the keys ("double-click").
        let mouse: String?
    }

    private(set) var groups: [Group]

    /// The key that quits wherever the app is, prompts and questions included, whatever `[keys]` says.
    public static let interrupt = Key.ctrl("c")

    /// Actions the config file's `[keys]` table may rebind, by the names it uses.
    public static let rebindable: [(name: String, action: KeyAction)] = [("quit", .quit), ("search", .search), ("help", .help)]

    public static let standard = KeyMap(groups: [
        Group("move the selection", in: .grid, [
            (.grid(.left), [.left, "h"]), (.grid(.down), [.down, "j"]),
            (.grid(.up), [.up, "k"]), (.grid(.right), [.right, "l"]),
        ]),
        Group("scroll a screenful", in: .grid, [(.grid(.pageUp), [.pageUp]), (.grid(.pageDown), [.pageDown])]),
        Group("scroll half a screenful", in: .grid, [(.grid(.halfPageUp), [.ctrl("u")]), (.grid(.halfPageDown), [.ctrl("d")])]),
        Group("first / last photo", detail: "first / last photo (the last loaded, when an online source does not tell its total)", in: .grid,
              [(.grid(.first), ["g", .home]), (.grid(.last), ["G", .end])]),
        Group("next / previous page",
              detail: "first photo of the next / previous page: `per_page` photos, as an online source sends them (loads the next page when needed)", in: .grid,
              [(.nextPage, ["n"]), (.previousPage, ["N"])]),
        Group("previous / next month (day, year: --group)",
              detail: "first photo of the previous / next month, or day or year (`--group`), when ordered by date "
                  + "(`--sort date` or `taken`); the grid shows a heading before each", in: .grid,
              [(.previousSection, ["["]), (.nextSection, ["]"])]),
        Group("open the detail pane, or a folder", in: .grid, [(.grid(.open), [.enter])], mouse: "double-click"),
        Group("pan a zoomed photo (detail pane)",
              detail: "pan a zoomed photo a quarter of the pane (detail pane); not zoomed, ← → h l step through the photos",
              in: .detail, [
                  (.pan(across: -1, down: 0), [.left, "h"]), (.pan(across: 0, down: 1), [.down, "j"]),
                  (.pan(across: 0, down: -1), [.up, "k"]), (.pan(across: 1, down: 0), [.right, "l"]),
              ], mouse: "drag"),
        Group("zoom in / out; 100 %; fit the pane (detail pane)",
              detail: "in the detail pane: zoom in / out (half again, or nsxiv's 25, 50, 100, 200, 400 %); 100 %: one photo pixel to one "
                  + "screen pixel (one half-block in text modes); the whole photo fitted again. The status bar says "
                  + "how close and where: `200 % · centre 40%,55%`", in: .detail,
              [(.zoom(.closer), ["+"]), (.zoom(.further), ["-"]), (.zoom(.actualSize), ["="]), (.zoom(.fit), ["w"])]),
        Group("the picture fills the terminal (detail pane)",
              detail: "in the detail pane: the picture fills the terminal, without the status line and the text (`f` again or Esc brings them back)",
              in: .detail, [(.fillTerminal, ["f"])]),
        Group("previous / next photo (detail pane)",
              detail: "previous / next photo in the detail pane, loading the next page when needed", in: .detail,
              [(.previousPhoto, [.left, "h"]), (.nextPhoto, [.right, "l"])]),
        Group("play / pause a video or a Live Photo (detail pane)",
              detail: "play / pause the video, or a Live Photo's motion, in the detail pane (a video plays when it "
                  + "opens, without sound, dropping frames rather than falling behind; Esc stops it)", in: .detail,
              [(.playPause, [" "])]),
        Group("back (detail pane, search results)",
              detail: "back: from the detail pane to its grid, from search results to the full grid (same place)",
              in: [.grid, .detail], [(.back, [.escape, .backspace])]),
        Group("show every date again (after --since, --until)",
              detail: "show every photo again after `--since` / `--until` (the status bar shows the dates shown); the "
                  + "selected photo stays selected", in: .grid, [(.clearDateFilter, [.escape])]),
        Group("zoom out: months, then years (Enter goes back in)",
              detail: "zoom out: one tile per month (its first photo, `Jul 2023`, how many photos and videos), again: one per year; "
                  + "Enter on a month goes back in at its first photo, on a year into its months; Esc / Backspace "
                  + "goes back in where you were. A grid not ordered by date is ordered by date taken first. "
                  + "Backspace zooms out too from the top row of a grid ordered by date (local photos)", in: .grid,
              [(.zoomOut, ["z"]), (.zoomOutAtTop, [.backspace])]),
        Group("up to the folder above (local photos)",
              detail: "in a folder's grid: up to the folder above, the folder you came from selected (local photos)", in: .grid,
              [(.goUp, [.backspace, "-"])]),
        Group("sort: name, date, date taken, size; reversed (local)",
              detail: "order by name, date modified, date taken, size (`s`), or the same order reversed (`S`); "
                  + "the selected photo stays selected (local photos)", in: .grid,
              [(.cycleOrder, ["s"]), (.reverseOrder, ["S"])]),
        Group("thumbnails cropped or whole (fit)",
              detail: "in the grid: thumbnails show the whole photo (contain) or are cropped to fill the cell (crop); see `--fit`", in: .grid,
              [(.toggleFit, ["f"])]),
        Group("jump to a date (local photos)",
              detail: "jump to a date: `2023`, `2023-07`, `2023-07-14`, `july 2023`, `14 jul 2023`, `today`, "
                  + "`yesterday`, `last week`, `last month`, `last year` (and the locale's month names); selects its "
                  + "first photo, else the next one after it, and says so (a grid in name or size order is ordered by "
                  + "date taken first; local photos)", in: .grid, [(.jumpToDate, ["t"])]),
        Group("search", detail: "search: type, Backspace, Ctrl-U clears, Enter searches, Esc cancels; in a folder, "
                  + "`rating>=4` (or `★4`) finds the photos rated 4 stars or more, `picked` the picked ones", in: .grid,
              [(.search, ["/"])]),
        Group("retry what failed, else refresh",
              detail: "retry what failed (a page, thumbnails); when nothing failed, refresh in place: the pages where "
                  + "you are are fetched again and the selected photo stays selected (where it is now, if the feed moved it)", in: .grid, [(.retry, ["r"])]),
        Group("open the file in its viewer, or the web page",
              detail: "open the photo with `xdg-open`: a folder's file in the desktop's viewer, a catalog photo's web "
                  + "page (or show the URL when there is no opener); the demo's generated photos have no web page, and `o` says so",
              in: [.grid, .detail], [(.openExternally, ["o"])]),
        Group("download the original",
              detail: "download the original to `$XDG_DOWNLOAD_DIR`, else `~/Downloads`, as `<id>.jpg` (a folder's "
                  + "photo is already on disk: `d` says where)", in: [.grid, .detail], [(.download, ["d"])]),
        Group("copy the file's path or the link",
              detail: "copy the selected file's or folder's absolute path (the selected one, not the marks), or the photo's web page URL, to the clipboard: tmux's buffer "
                  + "inside tmux, `wl-copy`, `xclip` or `xsel` on a local desktop, else the terminal's (OSC 52); the "
                  + "status bar says which. Nothing is sent when there is nothing to copy, as for the demo's photos, "
                  + "whose links would die with the app", in: [.grid, .detail], [(.copy, ["y"])]),
        Group("mark / unmark; invert the marks",
              detail: "Space: mark / unmark the selected photo (`✓` before its name, `N marked` in the status bar, counting "
                  + "the marks in other folders, which stay marked; a folder tile is never marked, and the status bar "
                  + "says so); `v`: invert the marks of the folder's photos (none marked: all)", in: .grid, [(.mark, [" "]), (.invertMarks, ["v"])]),
        Group("move marked (else selected) items to the trash",
              detail: "move the marked photos, else the selected photo or folder (a folder whole, a link to a folder "
                  + "only the link) or the one the detail pane shows (which then shows the next), to the trash after "
                  + "a `y`/`n` question (local files only)", in: [.grid, .detail], [(.trash, ["D"])]),
        Group("copy / move marked (else selected) photos to a folder",
              detail: "copy / move the marked photos, else the selected or shown one, with the files that go with them (a Live "
                  + "Photo's motion, a RAW file), to a folder typed in a prompt (Tab completes a folder's name, again "
                  + "for the next; `~` is the home folder); a file never replaces another: a photo whose name is taken "
                  + "there stays, and the status bar says so (local files only; a detail pane whose photo moved "
                  + "shows the next)",
              in: [.grid, .detail], [(.copyToFolder, ["C"]), (.moveToFolder, ["M"])]),
        Group("undo the last move to the trash or to a folder",
              detail: "undo the last move: put the last batch moved to the trash (photos, or a folder), or to another "
                  + "folder with `M`, back where it was; again for the one before", in: [.grid, .detail], [(.undo, ["u"])]),
        Group("run a command on marked (else selected) photos",
              detail: "run a command typed in a prompt on the marked photos, else the selected or shown one: their paths are "
                  + "added as its last arguments, the terminal is the command's until it ends, what it wrote stays until "
                  + "a key is pressed, and the status bar says how it ended (local files only; `[commands]` in the config file binds keys to commands)",
              in: [.grid, .detail], [(.typeCommand, [":"])]),
        Group("rename the file or folder",
              detail: "rename the selected file or folder in a prompt prefilled with its name (local files only; never "
                  + "over another file or folder)",
              in: .grid, [(.rename, ["R"])]),
        Group("rate 0-5 stars (local photos)",
              detail: "rate the marked photos, else the selected one, 0 to 5 stars (`0` clears; `★4` on the tile); "
                  + "kept in the photo's XMP sidecar (`photo.jpg.xmp`, or the `photo.xmp` a photo manager wrote), "
                  + "which darktable, digiKam and Lightroom read; the photo file is never written",
              in: [.grid, .detail], (0...5).map { (KeyAction.label(.rating($0)), [Key.character(Character("\($0)"))]) }),
        Group("pick / reject (again: clear)",
              detail: "pick (`⚑`) or reject (`✗`) the marked photos, else the selected one; the same key again "
                  + "clears it. Kept in the XMP sidecar: a reject as `xmp:Rating` -1 (darktable, Lightroom), both as "
                  + "digiKam's `PickLabel`", in: [.grid, .detail],
              [(.label(.flag(.picked)), ["p"]), (.label(.flag(.rejected)), ["x"])]),
        Group("colour label red, yellow, green, blue (again: clear)",
              detail: "colour label red, yellow, green or blue, numbered as darktable and digiKam do (`●R` on the "
                  + "tile); the same key again clears it. Kept in the XMP sidecar as `xmp:Label`", in: [.grid, .detail],
              [(.label(.colour(.red)), ["6"]), (.label(.colour(.yellow)), ["7"]),
               (.label(.colour(.green)), ["8"]), (.label(.colour(.blue)), ["9"])]),
        Group("scroll, select", in: .grid, [], mouse: "wheel, click"),
        Group("draw the whole screen again",
              detail: "draw the whole screen again, pictures included (a terminal that lost them)", in: .app,
              [(.redraw, [.ctrl("l")])]),
        Group("this help",
              detail: "help; when it does not fit (a small terminal), `j` `k`, arrows, PgUp / PgDn and Space scroll "
                  + "it, `↓ more` says there is more, any other key closes it", in: .app, [(.help, ["?"])]),
        Group("quit", detail: "quit (the terminal is restored)", in: .app, [(.quit, ["q", interrupt])]),
        Group(nil, in: .helpOverlay, [
            (.scrollHelp(lines: 1), [.down, "j"]), (.scrollHelp(lines: -1), [.up, "k"]),
            (.scrollHelpPage(forward: true), [.pageDown, " "]), (.scrollHelpPage(forward: false), [.pageUp]),
        ]),
        Group(nil, in: .question, [(.answerYes, ["y", "Y"])]),
    ])

    // MARK: Dispatch

    /// The actions `key` triggers in `context`, in the order declared: a scene performs the first it
    /// can (Backspace goes back from search results, else up a folder).
    public func actions(for key: Key, in context: KeyContext) -> [KeyAction] {
        groups.lazy.filter { $0.context.intersection(context) != [] }
            .flatMap(\.bindings).filter { $0.keys.contains(key) }.map(\.action)
    }

    /// The keys bound to `action`, the rebindable one first.
    public func keys(of action: KeyAction) -> [Key] {
        groups.lazy.flatMap(\.bindings).first { $0.action == action }?.keys ?? []
    }

    /// How the status bar names `action`'s first key ("?", "Esc", "←").
    public func label(of action: KeyAction) -> String {
        keys(of: action).first.map { Self.helpName(of: $0, arrows: "←↓↑→") } ?? ""
    }

    /// The keys as `gallery --pick` uses them, for its `?`: Enter picks (a folder still opens), Esc
    /// and `q` end it with nothing picked, and the detail pane's keys are left out (a picker never
    /// opens it).
    public var forPicking: KeyMap {
        var map = self
        map.groups.removeAll { $0.context == .detail }
        for index in map.groups.indices {
            let actions = map.groups[index].bindings.map(\.action)
            let help: String? = if actions.contains(.grid(.open)) {
                "pick the marked photos, else the selected one (a folder opens)"
            } else if actions.contains(.back) {
                // Backspace in a folder grid is `goUp`'s (`back` applies only to search results).
                "Esc: quit, nothing picked; Backspace: folder above"
            } else if actions.contains(.label(.flag(.picked))) {
                // A picker's "pick" is Enter's: say that `p` is the photo managers' flag.
                "flag picked / rejected in XMP (Enter prints marks)"
            } else if actions.contains(.quit) {
                "quit without picking"
            } else {
                nil
            }
            if let help { (map.groups[index].help, map.groups[index].detail) = (help, nil) }
        }
        return map
    }

    // MARK: Rebinding

    /// Binds `key` to `command` in the grid and the detail pane (`[commands]`), after their own
    /// keys; see `clash` for whether it may.
    public mutating func bind(_ command: UserCommand, to key: Key) {
        let place = groups.firstIndex { $0.context.contains(.app) } ?? groups.endIndex
        groups.insert(Group("run \(command.text)", detail: "run `\(command.text)` on the marked photos, else the selected or shown one",
                            in: [.grid, .detail], [(.run(command), [key])]), at: place)
    }

    /// Why `key` cannot be bound to the rebindable action `action` (or a `[commands]` command bound
    /// with `bind`): the action it already means in a place where `action` applies too; nil when it
    /// is free.
    public func clash(binding key: Key, to action: KeyAction) -> String? {
        guard let own = groups.first(where: { $0.bindings.contains { $0.action == action } }) else { return "no such action" }
        for group in groups where group.context.overlaps(own.context) {
            for binding in group.bindings where binding.action != action && binding.keys.contains(key) {
                return "'\(Self.helpName(of: key))' already means \(group.help ?? "something else")"
            }
        }
        return nil
    }

    /// Binds `key` to `action` in place of its rebindable key (its other keys stay: Ctrl-C quits).
    public mutating func rebind(_ action: KeyAction, to key: Key) {
        for group in groups.indices {
            for binding in groups[group].bindings.indices where groups[group].bindings[binding].action == action {
                groups[group].bindings[binding].keys[0] = key
            }
        }
    }

    // MARK: Help

    /// One line of the help: the keys as people read them ("arrows  h j k l", "q  Ctrl-C") and
    /// what they do.
    public struct HelpRow: Sendable, Equatable {
        public let keys: String
        public let action: String
        /// The README's wording.
        public let detail: String
    }

    /// The help's rows, in the order shown.
    public var helpRows: [HelpRow] {
        groups.compactMap { group in
            guard let help = group.help else { return nil }
            return HelpRow(keys: Self.keysText(of: group), action: help, detail: group.detail ?? help)
        }
    }

    /// The rows as aligned plain-text lines, each indented by `indent` spaces (`--help`, the man page).
    public func helpText(indent: Int = 2) -> String {
        let rows = helpRows
        let width = rows.map { $0.keys.count }.max() ?? 0
        return rows.map { row in
            String(repeating: " ", count: indent) + row.keys
                + String(repeating: " ", count: width - row.keys.count + 3) + row.action
        }.joined(separator: "\n")
    }

    /// The README's key table, in Markdown: character keys in backticks, alternatives apart by commas.
    public var markdownTable: String {
        let rows = groups.compactMap { group -> String? in
            guard group.help != nil else { return nil }
            let keys = Self.keyColumns(of: group) { key in
                if case .character(let character) = key, character != " " { return "`\(character)`" }
                return Self.helpName(of: key)
            }
            return "| \(keys.joined(separator: ", ")) | \(group.detail ?? group.help ?? "") |"
        }
        return (["| key | does |", "| --- | --- |"] + rows).joined(separator: "\n")
    }

    /// A group's keys as plain text: columns of alternatives two spaces apart ("g G  Home End").
    private static func keysText(of group: Group) -> String {
        keyColumns(of: group) { helpName(of: $0) }.joined(separator: "  ")
    }

    /// A group's keys in columns: each binding's first key, then their second keys, and so on
    /// ("g G", "Home End"); the four arrows together are "arrows"; the mouse gestures last.
    private static func keyColumns(of group: Group, naming name: (Key) -> String) -> [String] {
        let depth = group.bindings.map(\.keys.count).max() ?? 0
        var columns = (0..<depth).map { position in
            group.bindings.compactMap { $0.keys.count > position ? $0.keys[position] : nil }
        }.map { keys -> String in
            if Set(keys) == [.left, .right, .up, .down] { return "arrows" }
            return keys.map(name).joined(separator: " ")
        }
        if let mouse = group.mouse {
            if columns.isEmpty { columns = [mouse] } else { columns[columns.count - 1] += ", " + mouse }
        }
        return columns
    }

    // MARK: Names

    /// A key as the help writes it: "q", "Space", "Ctrl-U", "PgDn"; `arrows` gives the arrow
    /// keys' glyphs (left, down, up, right) for the status bar.
    static func helpName(of key: Key, arrows: String? = nil) -> String {
        let glyphs = arrows.map(Array.init)
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .ctrl(let letter): return "Ctrl-\(letter.uppercased())"
        case .left: return glyphs.map { String($0[0]) } ?? "Left"
        case .down: return glyphs.map { String($0[1]) } ?? "Down"
        case .up: return glyphs.map { String($0[2]) } ?? "Up"
        case .right: return glyphs.map { String($0[3]) } ?? "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .resize, .mouse, .unknown: return "\(key)"
        }
    }

    /// A key from its config spelling: one printable character ("q", "/", "é") or "ctrl-x".
    /// nil for anything else (names of keys the app uses for fixed actions are not offered).
    public static func key(named name: String) -> Key? {
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .ctrl(letter)
        }
        guard name.count == 1, let character = name.first, !sanitize(name).isEmpty, character != " " else { return nil }
        return .character(character)
    }

    /// How a key is written in the config file: "q", "ctrl-x".
    public static func configName(of key: Key) -> String {
        switch key {
        case .ctrl(let letter): return "ctrl-\(letter)"
        default: return helpName(of: key)
        }
    }
}

extension KeyMap.Group {
    init(_ help: String?, detail: String? = nil, in context: KeyContext, _ bindings: [(KeyAction, [Key])],
         mouse: String? = nil) {
        self.init(help: help, detail: detail, context: context,
                  bindings: bindings.map { KeyMap.Binding(action: $0.0, keys: $0.1) }, mouse: mouse)
    }
}

