import Foundation
import Testing

/// A detached tmux session on a private server socket, driven like a person at a keyboard.
/// Every wait is bounded, and the server is killed when the session is closed.
final class TmuxSession {
    let socket: String
    let name = "e2e"

    /// The XDG cache, data and state homes of the shell's programs: a folder of the session's own,
    /// so thumbnails, the trash and logs never land in the home of whoever runs the tests.
    let home: String

    /// Starts a plain shell in a `columns`x`rows` pane. The prompt is `$ ` so the test can see the shell come back.
    init(columns: Int, rows: Int) throws {
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
    let gallery = try #require(galleryExecutable())
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type("\(environment)\(gallery) --source \(source) --render ascii; echo EXIT=$?", enter: true)
    let grid = try await tmux.waitFor { $0.joined().contains("· ascii") && $0.joined().contains("photos") }
    try #require(grid.ok, "\(grid.screen.joined(separator: "\n"))")
    return tmux
}
