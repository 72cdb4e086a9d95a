import OperatingSystem

/// A private copy of the terminal's terminfo entry, adapted for `newterm` to load: without the
/// capabilities that move lines, so ncurses never scrolls or inserts/deletes lines on its own, and
/// with mouse reports in SGR form (`kmous=\E[<`, `XM` turning on mode 1006).
///
/// Why no line moves: `doupdate` runs its hash-based scroll optimisation whenever `newterm` found scroll
/// capabilities (`ind`+`ri`, or `rin`/`il`/`il1` with `indn`/`dl`/`dl1`), and `_nc_scrolln` then
/// uses `csr` + `indn`/`rin` (or `ind`/`ri`, `dl`/`il` at the bottom) whatever `idlok` says: `idlok`
/// only gates its last resort, an IL/DL pair. A terminal moves sixel pixels with the scrolled text
/// (or drops them) while the image layer believes its pictures are where it drew them. No curses
/// call turns this off, and the capability variables of <term.h> are a copy ncurses never reads
/// again, so the entry itself must lack them. The optimisation saves only a few rows of text per
/// frame next to the pictures' bytes.
///
/// Why SGR mouse: entries such as `xterm-kitty` and `screen` ask for X10 reports (`kmous=\E[M`),
/// whose coordinates are single bytes, 32 + 1 + column. ncurses 6.4 reads them as UTF-8 (for the
/// 1005 extension) with blocking reads, so a click from column 95 on (a byte of 0x80 or more, not a
/// complete character) left it waiting in `read` for bytes that never come: the app froze until
/// the next key. SGR reports (`\E[<0;120;5M`) are plain digits with a final letter, for any
/// column; every terminal that reports the mouse at all speaks them.
struct AdaptedTerminfo {
    /// The terminfo capabilities ncurses moves lines with.
    static let lineMovingCapabilities: Set<String> = ["csr", "ind", "indn", "ri", "rin", "il", "il1", "dl", "dl1"]

    /// The directory holding the compiled entry, for `TERMINFO`.
    let directory: String
    /// Whether the terminal has a scrolling region (`csr`), which the entry leaves out: the
    /// screen may then scroll a region itself (`RegionScroll`).
    let hasScrollingRegion: Bool

    /// SGR mouse reports: the key they start with, and the mode string ncurses sends to turn mouse
    /// reporting on (`%p1` = 1) or off, as ncurses' own xterm entries have it.
    static let sgrMouse = ["kmous=\\E[<", "XM=\\E[?1006;1000%?%p1%{1}%=%th%el%;"]

    /// Compiles the entry of `terminal` (as `infocmp -x` reads it, extended capabilities included)
    /// adapted (`adapted(_:)`) into a new directory; nil when that is not possible
    /// (no `infocmp`/`tic`, unknown terminal).
    init?(terminal: String) {
        guard !terminal.isEmpty, !terminal.contains("/") else { return nil }
        guard let made = try? Directory.makeTemporary(prefix: "/tmp/gallery-terminfo-") else { return nil }
        directory = made
        let source = directory + "/entry.src"
        guard Self.run(["infocmp", "-x", "-1", terminal], stdout: source),
            let text = Self.read(source), Self.write(Self.adapted(text), to: source),
            Self.run(["tic", "-x", "-o", directory, source], stdout: "/dev/null")
        else {
            Directory.removeTree(made)
            return nil
        }
        hasScrollingRegion = Self.capabilityNames(text).contains("csr")
    }

    /// The names of the capabilities in `source`, one a line as `infocmp -1` prints them.
    static func capabilityNames(_ source: String) -> [String] {
        source.split(separator: "\n").compactMap { name(String($0)) }
    }

    private static func name(_ line: String) -> String? {
        guard line.first == "\t" || line.first == " " else { return nil }
        return String(line.drop { $0 == "\t" || $0 == " " }.prefix { !"=#,@".contains($0) })
    }

    /// `source` (terminfo source, one capability per line as `infocmp -1` prints it) without the
    /// line-moving capabilities, and, when it reports the mouse, reporting it in SGR form.
    static func adapted(_ source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let reportsMouse = lines.contains { name($0) == "kmous" }
        let replaced: Set<String> = reportsMouse ? ["kmous", "XM"] : []
        var kept = lines.filter { line in
            name(line).map { !lineMovingCapabilities.contains($0) && !replaced.contains($0) } ?? true
        }
        guard reportsMouse else { return kept.joined(separator: "\n") }
        // After the last capability: trailing empty lines stay at the end.
        let end = (kept.lastIndex { name($0) != nil } ?? kept.count - 1) + 1
        kept.insert(contentsOf: sgrMouse.map { "\t\($0)," }, at: end)
        return kept.joined(separator: "\n")
    }

    /// Runs `body` with `TERMINFO` naming this directory, then puts the variable back as it was.
    func whileCurrent<T>(_ body: () -> T) -> T {
        let previous = CurrentProcess.environmentVariable("TERMINFO")
        CurrentProcess.setEnvironmentVariable("TERMINFO", to: directory)
        defer { CurrentProcess.setEnvironmentVariable("TERMINFO", to: previous) }
        return body()
    }

    /// Deletes the directory (what `tic` makes: directories and files); ncurses keeps what it read
    /// in memory.
    func remove() { Directory.removeTree(directory) }

    /// Runs a program from `PATH` with stdin and stderr on /dev/null; true when it exits 0.
    static func run(_ arguments: [String], stdout: String) -> Bool {
        guard let child = try? ChildProcess.start(arguments.map { FilePath($0) }, searchingPath: true, standardOutput: stdout) else {
            return false
        }
        return (try? child.waitForSuccess()) ?? false
    }

    static func read(_ path: String) -> String? {
        // A terminfo source is a few kilobytes; the cap only bounds a mistake.
        guard let bytes = try? File.read(path, maxBytes: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        (try? File.write(Array(text.utf8), to: path, .replacing(permissions: 0o600))) != nil
    }
}
