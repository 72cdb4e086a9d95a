import Foundation
import Glibc
import TestSupport

/// How a program run by `runProgram` ended.
struct ProgramRun {
    /// The exit status, or 128 + the signal that ended it (137: killed at the time limit).
    let status: Int32
    let stdout: String
    let stderr: String
    /// The most memory it had resident at once, in bytes.
    let maxResidentBytes: Int
}

/// Runs a program to completion with posix_spawn + wait4. Foundation's `Process.waitUntilExit` was seen
/// to hang here after the child had exited (left a zombie), so the end-to-end tests do not use it.
/// stdout and stderr go to temporary files, never to pipes a forked daemon (the tmux server) could keep open.
/// With a `timeLimit`, a program still running then is killed, so a test fails rather than hangs.
func runProgram(_ arguments: [String], environment: [String: String]? = nil,
                timeLimit: Duration? = nil) throws -> ProgramRun {
    let dir = FileManager.default.temporaryDirectory
    let outPath = dir.appendingPathComponent("e2e-\(UUID().uuidString).out").path
    let errPath = dir.appendingPathComponent("e2e-\(UUID().uuidString).err").path
    defer { unlink(outPath); unlink(errPath) }

    let pid = try spawnProgram(arguments, environment: environment, stdout: outPath, stderr: errPath)
    var status: Int32 = 0
    var usage = rusage()
    var reaped = false
    if let timeLimit {
        let deadline = ContinuousClock.now + timeLimit
        while !reaped && ContinuousClock.now < deadline {
            if wait4(pid, &status, WNOHANG, &usage) == pid { reaped = true } else { usleep(10_000) }
        }
        if !reaped { kill(pid, SIGKILL) }
    }
    while !reaped && wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    // Linux counts ru_maxrss in kilobytes.
    return ProgramRun(status: exitStatus, stdout: read(outPath), stderr: read(errPath),
                      maxResidentBytes: usage.ru_maxrss * 1024)
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
