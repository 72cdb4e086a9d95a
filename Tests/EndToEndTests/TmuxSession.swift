import Foundation

/// A detached tmux session on a private server socket, driven like a person at a keyboard.
/// Every wait is bounded, and the server is killed when the session is closed.
final class TmuxSession {
    let socket: String
    let name = "e2e"

    /// Starts a plain shell in a `columns`x`rows` pane. The prompt is `$ ` so the test can see the shell come back.
    init(columns: Int, rows: Int) throws {
        socket = "gallery-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        try tmux(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                  "env", "PS1=$ ", "TERM=xterm-256color", "bash", "--norc", "--noprofile"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types `text` literally, then Enter when asked.
    func type(_ text: String, enter: Bool = false) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
        if enter { try tmux(["send-keys", "-t", name, "Enter"]) }
    }

    /// Sends tmux key names such as `Enter`, `Escape`, `G`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// The visible pane as text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// Polls the pane until `predicate` holds or `timeout` passes; returns the last screen either way.
    @discardableResult
    func waitFor(timeout: TimeInterval = 15, _ predicate: ([String]) -> Bool) throws -> (ok: Bool, screen: [String]) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while Date() < deadline {
            if predicate(last) { return (true, last) }
            Thread.sleep(forTimeInterval: 0.1)
            last = try screen()
        }
        return (predicate(last), last)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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
