import Foundation
import Glibc
import TestSupport

/// Runs a program to completion with posix_spawn + waitpid. Foundation's `Process.waitUntilExit` was seen
/// to hang here after the child had exited (left a zombie), so the end-to-end tests do not use it.
/// stdout and stderr go to temporary files, never to pipes a forked daemon (the tmux server) could keep open.
func runProgram(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let dir = FileManager.default.temporaryDirectory
    let outPath = dir.appendingPathComponent("e2e-\(UUID().uuidString).out").path
    let errPath = dir.appendingPathComponent("e2e-\(UUID().uuidString).err").path
    defer { unlink(outPath); unlink(errPath) }

    let pid = try spawnProgram(arguments, environment: environment, stdout: outPath, stderr: errPath)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    return (exitStatus, read(outPath), read(errPath))
}

/// A program running in the background until `stop()`: SIGTERM, a bounded wait (sleeping the task,
/// not the thread), then SIGKILL. Deinit kills it outright if `stop()` was never reached.
final class BackgroundProcess {
    let pid: pid_t
    private var reaped = false

    /// `log` receives the program's stdout and stderr.
    init(_ arguments: [String], environment: [String: String]? = nil, log: String = "/dev/null") throws {
        pid = try spawnProgram(arguments, environment: environment, stdout: log, stderr: log)
    }

    deinit {
        guard !reaped else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Whether it is still running (reaps it when it has exited).
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 { return true }
        reaped = true
        return false
    }

    func stop() async {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 {
            guard isRunning else { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
    }
}

/// Whether `name` is an executable on PATH.
func isOnPath(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}
