import Foundation
import Glibc
import TestSupport

/// A private X server (Xvfb) with one xterm in it, driven with xdotool and watched with screenshots.
/// Every wait is bounded; `close()` stops xterm and the server.
final class XvfbSession {
    /// The programs this needs; the tests that use it are skipped without them.
    static let requiredPrograms = ["Xvfb", "xterm", "xdotool", "import", "xrefresh"]
    static var isAvailable: Bool { requiredPrograms.allSatisfy(isOnPath) }

    let display: String
    private let logDirectory: URL
    private let server: TestProcess
    private var terminal: TestProcess?

    /// Starts Xvfb on a free display number derived from the pid and waits for its socket.
    /// `logDirectory` receives the logs of Xvfb and xterm.
    init(logDirectory: URL) async throws {
        self.logDirectory = logDirectory
        var number = 100 + Int(getpid() % 800)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        display = ":\(number)"
        // -noreset: by default Xvfb resets when its last client leaves, and the readiness check
        // below is such a client; xterm connecting during that reset failed with "Can't open
        // display" (2 runs in 8 under load).
        server = try TestProcess(["Xvfb", display, "-screen", "0", "800x600x24", "-nolisten", "tcp", "-noreset"],
                                 output: logDirectory.appendingPathComponent("xvfb.log").path)
        // Ready when a client gets through: the socket file alone appears before Xvfb listens.
        let deadline = ContinuousClock.now + .seconds(10)
        while try runProgram(["xdotool", "getdisplaygeometry"], environment: environment).status != 0 {
            guard ContinuousClock.now < deadline, server.isRunning else { throw Failure.serverDidNotStart(display) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case serverDidNotStart(String)
        case noTerminalWindow(log: String)
        var description: String {
            switch self {
            case .serverDidNotStart(let display): return "Xvfb did not start on \(display)"
            case .noTerminalWindow(let log): return "the xterm window never appeared; its log: \(log)"
            }
        }
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // The program inside xterm must not think it runs in tmux (the tests may).
        environment["TMUX"] = nil
        environment["TERM"] = nil
        return environment
    }

    /// Starts `xterm` with `xtermArguments` running `command`, waits for its window and focuses it.
    /// Returns the window's text origin (inside xterm's 2-pixel border) and cell size in pixels.
    func startTerminal(_ xtermArguments: [String], columns: Int, rows: Int, command: [String]) async throws
        -> (originX: Int, originY: Int, cellWidth: Int, cellHeight: Int)
    {
        let log = logDirectory.appendingPathComponent("xterm.log").path
        let terminal = try TestProcess(
            ["xterm"] + xtermArguments + ["-geometry", "\(columns)x\(rows)+0+0", "-e"] + command,
            environment: environment, output: log)
        self.terminal = terminal
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline, terminal.isRunning {
            let found = try runProgram(["xdotool", "search", "--class", "xterm"], environment: environment)
            if let window = found.stdout.split(separator: "\n").first.map(String.init) {
                let geometry = try runProgram(["xdotool", "getwindowgeometry", "--shell", window], environment: environment).stdout
                let values = Dictionary(geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
                    let parts = line.split(separator: "=")
                    guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                    return (String(parts[0]), value)
                }, uniquingKeysWith: { $1 })
                if let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] {
                    _ = try runProgram(["xdotool", "windowfocus", window], environment: environment)
                    let border = 2
                    return (x + border, y + border, (width - 2 * border) / columns, (height - 2 * border) / rows)
                }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure.noTerminalWindow(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// Has every window paint itself again from what its program keeps (as when it is uncovered).
    func repaintAll() throws {
        _ = try runProgram(["xrefresh"], environment: environment)
    }

    /// Types X key names (`Down`, `Return`, `Escape`, `q`) into the focused window.
    func press(_ keys: String...) throws {
        _ = try runProgram(["xdotool", "key", "--delay", "60"] + keys, environment: environment)
    }

    /// Screenshots every 400 ms until one satisfies `predicate` and matches the one before it (the
    /// screen has settled), or `timeout` passes; returns the last either way.
    func settledScreenshot(path: String, timeout: Duration = .seconds(20),
                           until predicate: (Screenshot) -> Bool) async throws -> (ok: Bool, shot: Screenshot) {
        let deadline = ContinuousClock.now + timeout
        var previous: Screenshot?
        while true {
            let shot = try Screenshot.capture(display: display, to: path)
            if predicate(shot), shot == previous { return (true, shot) }
            guard ContinuousClock.now < deadline else { return (false, shot) }
            previous = shot
            try await Task.sleep(for: .milliseconds(400))
        }
    }

    func close() async {
        await terminal?.stop()
        await server.stop()
    }
}
