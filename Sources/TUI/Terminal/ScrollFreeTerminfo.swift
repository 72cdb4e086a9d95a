import Glibc

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
        var template = Array("/tmp/gallery-terminfo-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        directory = String(cString: made)
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
        let previous = getenv("TERMINFO").map { String(cString: $0) }
        setenv("TERMINFO", directory, 1)
        defer {
            if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
        }
        return body()
    }

    /// Deletes the directory; ncurses keeps what it read in memory.
    func remove() { Self.removeTree(directory) }

    /// What `tic` makes: directories and files, no links followed.
    private static func removeTree(_ path: String) {
        if let stream = opendir(path) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let child = path + "/" + name
                if entry.pointee.d_type == UInt8(DT_DIR) { removeTree(child) } else { unlink(child) }
            }
            closedir(stream)
        }
        rmdir(path)
    }

    /// Runs a program from `PATH` with stdin and stderr on /dev/null; true when it exits 0.
    static func run(_ arguments: [String], stdout: String) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return false }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }
}
