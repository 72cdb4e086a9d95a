import OperatingSystem

/// A private copy of the terminal's terminfo entry without the capabilities that move lines, for
/// `newterm` to load: ncurses then never scrolls or inserts/deletes lines on its own.
///
/// Why: `doupdate` runs its hash-based scroll optimisation whenever `newterm` found scroll
/// capabilities (`ind`+`ri`, or `rin`/`il`/`il1` with `indn`/`dl`/`dl1`), and `_nc_scrolln` then
/// uses `csr` + `indn`/`rin` (or `ind`/`ri`, `dl`/`il` at the bottom) whatever `idlok` says: `idlok`
/// only gates its last resort, an IL/DL pair. A terminal moves sixel pixels with the scrolled text
/// (or drops them) while the image layer believes its pictures are where it drew them. No curses
/// call turns this off, and the capability variables of <term.h> are a copy ncurses never reads
/// again, so the entry itself must lack them. The optimisation saves only a few rows of text per
/// frame next to the pictures' bytes.
struct ScrollFreeTerminfo {
    /// The terminfo capabilities ncurses moves lines with.
    static let lineMovingCapabilities: Set<String> = ["csr", "ind", "indn", "ri", "rin", "il", "il1", "dl", "dl1"]

    /// The directory holding the compiled entry, for `TERMINFO`.
    let directory: String

    /// Compiles the entry of `terminal` (as `infocmp -x` reads it, extended capabilities included)
    /// without the line-moving capabilities into a new directory; nil when that is not possible
    /// (no `infocmp`/`tic`, unknown terminal).
    init?(terminal: String) {
        guard !terminal.isEmpty, !terminal.contains("/") else { return nil }
        guard let made = try? Directory.makeTemporary(prefix: "/tmp/gallery-terminfo-") else { return nil }
        directory = made
        let source = directory + "/entry.src"
        guard Self.run(["infocmp", "-x", "-1", terminal], stdout: source),
            let text = Self.read(source), Self.write(Self.withoutLineMoves(text), to: source),
            Self.run(["tic", "-x", "-o", directory, source], stdout: "/dev/null")
        else {
            remove()
            return nil
        }
    }

    /// `source` (terminfo source, one capability per line as `infocmp -1` prints it) without the
    /// line-moving capabilities.
    static func withoutLineMoves(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            guard line.first == "\t" || line.first == " " else { return true }
            let name = line.drop { $0 == "\t" || $0 == " " }.prefix { !"=#,@".contains($0) }
            return !lineMovingCapabilities.contains(String(name))
        }.joined(separator: "\n")
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
        guard let child = try? ChildProcess.start(arguments, searchingPath: true, standardOutput: stdout) else {
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
