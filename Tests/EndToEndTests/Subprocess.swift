import Foundation
import Glibc

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

/// Starts a program (stdin from /dev/null, output to the given files) and returns its pid without waiting.
func spawnProgram(_ arguments: [String], environment: [String: String]? = nil,
                  stdout outPath: String = "/dev/null", stderr errPath: String = "/dev/null") throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }

    // The child starts with no signal blocked and the usual ones at their defaults: it would
    // otherwise inherit the test runner's mask and ignore SIGTERM (seen with Xvfb, which then had
    // to be killed and left its lock and socket behind).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
    return pid
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
