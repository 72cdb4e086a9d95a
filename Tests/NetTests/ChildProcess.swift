import Foundation
import Glibc
import TestSupport

/// A child process started with posix_spawn (Foundation's `Process` was seen to hang in
/// `waitUntilExit` here), its stdout and stderr going to a temporary file. Usually one test of this
/// test binary (`init(test:environment:)`).
///
/// Waiting never blocks a thread: `waitForExit` polls `waitpid(WNOHANG)` between `Task.sleep`s.
/// Deinit kills and reaps a child that is still running and deletes the output file.
final class ChildProcess {
    let pid: pid_t
    private let outputPath: String
    private var exitStatus: Int32?

    /// Starts `arguments` (the first an absolute path) with this process's environment, without its
    /// `*_proxy` variables, plus `environment`.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("net-child-\(UUID().uuidString).out").path
        var childEnvironment = ProcessInfo.processInfo.environment.filter { !$0.key.lowercased().hasSuffix("_proxy") }
        childEnvironment.merge(environment) { $1 }
        pid = try spawnProgram(arguments, environment: childEnvironment, stdout: outputPath, stderr: outputPath)
    }

    /// Runs the test `name` of this binary (`Suite/test`, as `--filter` takes it).
    convenience init(test name: String, environment: [String: String]) throws {
        try self.init(["/proc/self/exe", "--testing-library", "swift-testing", "--filter", name], environment: environment)
    }

    deinit {
        if exitStatus == nil {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        unlink(outputPath)
    }

    /// What the child wrote to stdout and stderr so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Whether the child exited with status 0 after its test really ran and passed (a filter that
    /// matches nothing also exits 0).
    func passed(test function: String) -> Bool {
        exitStatus == 0 && output.contains("\(function) passed")
    }

    /// The wait status once the child has ended (reaping it), or nil while it runs.
    func poll() -> Int32? {
        if exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        }
        return exitStatus
    }

    /// Waits up to `timeout` for the child to end; its wait status, or nil if it still runs.
    @discardableResult
    func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while poll() == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return poll()
    }

    /// Sends SIGKILL and waits (bounded) until the child is reaped. True when it died of that signal.
    func killHard() async -> Bool {
        Glibc.kill(pid, SIGKILL)
        guard let status = await waitForExit(timeout: .seconds(5)) else { return false }
        return status & 0x7f == SIGKILL
    }
}
