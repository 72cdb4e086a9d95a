import Foundation
import TestSupport
import Testing

/// A detached tmux session on a private server socket, driven like a person at a keyboard.
/// Every wait is bounded, and the server is killed when the session is closed.
final class TmuxSession {
    let socket: String
    let name = "e2e"
    let columns: Int
    let rows: Int

    /// The XDG cache, data and state homes of the shell's programs: a folder of the session's own,
    /// so thumbnails, the trash and logs never land in the home of whoever runs the tests.
    let home: String

    /// Starts a plain shell in a `columns`x`rows` pane. The prompt is `$ ` so the test can see the shell come back.
    init(columns: Int, rows: Int) throws {
        self.columns = columns
        self.rows = rows
        socket = "gallery-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        home = FileManager.default.temporaryDirectory.appendingPathComponent(socket).path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try tmux(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                  "env", "PS1=$ ", "TERM=xterm-256color", "XDG_CACHE_HOME=\(home)/cache", "XDG_DATA_HOME=\(home)/data",
                  "XDG_STATE_HOME=\(home)/state", "bash", "--norc", "--noprofile"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Types `text` literally, then Enter when asked.
    func type(_ text: String, enter: Bool = false) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
        if enter { try tmux(["send-keys", "-t", name, "Enter"]) }
    }

    /// Sends tmux key names such as `Enter`, `Escape`, `G`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Resizes the window (and its one pane), as a user resizing the terminal would.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible pane as text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// The visible pane cell by cell, each a character with the SGR attributes it is drawn in
    /// (`capture-pane -e`, whose attributes carry on from one row to the next); rows padded with
    /// default blanks to the pane's width, so a cleared cell and a written space compare equal.
    func cells() throws -> [[ScreenCell]] {
        let rows = try tmux(["capture-pane", "-p", "-e", "-t", name]).components(separatedBy: "\n").prefix(self.rows)
        var attributes: [Int] = []
        return rows.map { row in
            var cells: [ScreenCell] = []
            var rest = Substring(row)
            while let first = rest.first {
                if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                    let parameters = rest.dropFirst(2)[..<end].split(separator: ";", omittingEmptySubsequences: false)
                    let numbers = parameters.map { Int($0) ?? 0 }
                    attributes = numbers == [0] || numbers.isEmpty ? [] : attributes + numbers
                    rest = rest[rest.index(after: end)...]
                } else {
                    cells.append(ScreenCell(character: first, attributes: ScreenCell.normalised(attributes)))
                    rest = rest.dropFirst()
                }
            }
            while cells.count < columns { cells.append(ScreenCell(character: " ", attributes: [])) }
            return cells
        }
    }

    /// Polls the pane until `predicate` holds or `timeout` passes; returns the last screen either way.
    /// Sleeps with `Task.sleep`: blocking a thread here would starve the test pool (2 threads on CI).
    @discardableResult
    func waitFor(timeout: Duration = .seconds(20), _ predicate: ([String]) -> Bool) async throws -> (ok: Bool, screen: [String]) {
        let deadline = ContinuousClock.now + timeout
        var last = try screen()
        while ContinuousClock.now < deadline {
            if predicate(last) { return (true, last) }
            try await Task.sleep(for: .milliseconds(100))
            last = try screen()
        }
        return (predicate(last), last)
    }

    /// Records from now on every byte the pane's program writes (`pipe-pane`): what it really sent
    /// the terminal, for `recordedOutput()`.
    func recordOutput() throws {
        try tmux(["pipe-pane", "-O", "-t", name, "cat > '\(recordingPath)'"])
    }

    /// The bytes recorded since `recordOutput()`.
    func recordedOutput() throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: recordingPath), "nothing recorded"))
    }

    private var recordingPath: String { home + "/pane.bin" }

    /// Runs a tmux command on the session's server (an option, a buffer) and gives its output.
    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try runProgram(["tmux", "-L", socket, "-f", "/dev/null"] + arguments).stdout
    }
}

/// The `gallery` executable built next to the test bundle.
func galleryExecutable() -> String? {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    // The test binary may sit inside an .xctest bundle directory.
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("gallery").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

/// `gallery --source SOURCE --render ascii` in a new 120x40 tmux pane, once its grid is up;
/// `environment` goes before the command ("TERM=screen ").
func asciiGrid(source: String = "demo", environment: String = "") async throws -> TmuxSession {
    try await grid(source: source, render: "ascii", environment: environment)
}

/// `gallery --source SOURCE --render RENDER` in a new 120x40 tmux pane, once its grid is up: its
/// first page come, the first photo selected ("0 photos" while it is fetched, when a key has
/// nothing to act on yet; a slow build, under a sanitizer, showed that long enough for Enter).
func grid(source: String = "demo", render: String, environment: String = "") async throws -> TmuxSession {
    let gallery = try #require(galleryExecutable())
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type("\(environment)\(gallery) --source \(source) --render \(render); echo EXIT=$?", enter: true)
    let grid = try await tmux.waitFor { $0.joined().contains("· \(render)") && $0.joined().contains("· 1 of ") }
    try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
    return tmux
}

/// One character cell of a tmux pane with the SGR parameters in effect for it.
struct ScreenCell: Equatable {
    let character: Character
    let attributes: [Int]

    /// The parameters as one state: a reset (0) forgets what came before it, and only the last
    /// foreground (30-39, 38;5;N) and background (40-49, 48;5;N) count.
    static func normalised(_ parameters: [Int]) -> [Int] {
        var foreground: [Int] = [], background: [Int] = [], others = Set<Int>()
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            switch parameter {
            case 0: (foreground, background, others) = ([], [], [])
            case 38, 48:
                let colour = Array(parameters[index..<min(parameters.count, index + 3)])
                if parameter == 38 { foreground = colour } else { background = colour }
                index += 2
            case 39: foreground = []
            case 49: background = []
            case 30...37, 90...97: foreground = [parameter]
            case 40...47, 100...107: background = [parameter]
            case 22: others.remove(1)
            default: others.insert(parameter)
            }
            index += 1
        }
        return others.sorted() + [-1] + foreground + [-2] + background
    }
}
