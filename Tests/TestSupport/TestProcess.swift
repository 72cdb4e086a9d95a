import Foundation
public import OperatingSystem
import Glibc

/// A program a test starts: the one way the suites run programs (`runProgram` for one that ends
/// by itself, `TestProcess` for one that runs beside the test), on OperatingSystem's
/// `ChildProcess`. Not Foundation's `Process`, whose `waitUntilExit` was seen to hang here after
/// the child had exited. Output goes to files, never to pipes, which a forked daemon (the tmux
/// server) would keep open. The child starts with signals at their defaults whatever the test
/// runner blocks or ignores, so that SIGTERM stops it. Every wait is bounded or ends with the
/// program, and a program still running when its `TestProcess` goes is killed and reaped.
public final class TestProcess {
    private let child: ChildProcess
    private let outputPath: String
    private let errorPath: String
    /// Whether the output files are this object's to delete.
    private let ownsOutput: Bool
    private var termination: ChildProcess.Termination?

    /// Starts `arguments` (the first looked up on `PATH` unless it is a path) with `environment`
    /// (nil: this process's) and stdin from /dev/null. Its stdout and stderr go to `output`, or,
    /// when that is nil, to a temporary file of its own that `output` reads and deinit deletes;
    /// with `separateStandardError`, stderr goes to a second such file (`errors`).
    public init(_ arguments: [String], environment: [String: String]? = nil, output: String? = nil,
                separateStandardError: Bool = false) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("test-process-\(UUID().uuidString)").path
        ownsOutput = output == nil
        outputPath = output ?? temporary + ".out"
        errorPath = separateStandardError ? temporary + ".err" : outputPath
        child = try ChildProcess.start(arguments.map { FilePath($0) }, searchingPath: true, environment: environment,
                                       standardOutput: outputPath, standardError: errorPath, signalsAtDefault: true)
    }

    /// Runs the test `name` of this test binary (`Suite/test`, as `--filter` takes it) in a child
    /// process, for what a test cannot do in the runner's own (be killed, change the environment).
    public convenience init(test name: String, environment: [String: String]? = nil) throws {
        try self.init(["/proc/self/exe", "--testing-library", "swift-testing", "--filter", name], environment: environment)
        testName = name
    }

    private var testName: String?

    deinit {
        if termination == nil {
            signal(SIGKILL)
            _ = try? child.wait()
        }
        if ownsOutput { unlink(outputPath) }
        if errorPath != outputPath { unlink(errorPath) }
    }

    /// What it wrote so far: stdout, and stderr unless it was kept apart.
    public var output: String { Self.text(of: outputPath) }

    /// What it wrote to stderr, when kept apart (else in `output`).
    fileprivate var errors: String { errorPath == outputPath ? "" : Self.text(of: errorPath) }

    /// How it ended (reaping it), nil while it runs.
    private var ended: ChildProcess.Termination? {
        if termination == nil { termination = try? child.ended() }
        return termination
    }

    public var isRunning: Bool { ended == nil }

    /// Started with `init(test:)`: whether its test ran and passed (a filter that matches nothing
    /// also exits 0).
    public var passedItsTest: Bool {
        guard let testName, let function = testName.split(separator: "/").last else { return false }
        return ended?.succeeded == true && output.contains("\(function)() passed")
    }

    /// Sends `signal` (while it has not been reaped: its id may be another process's after that).
    private func signal(_ signal: Int32) {
        if termination == nil { Glibc.kill(child.id, signal) }
    }

    /// Waits up to `timeout` for it to end, sleeping the task (a blocked thread would starve the
    /// test pool); how it ended, or nil if it still runs.
    @discardableResult
    public func waitForExit(timeout: Duration) async -> ChildProcess.Termination? {
        let deadline = ContinuousClock.now + timeout
        while ended == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return ended
    }

    /// SIGKILL, then waits (bounded) for it to be reaped. True when it died of that signal.
    public func killHard() async -> Bool {
        signal(SIGKILL)
        return await waitForExit(timeout: .seconds(5))?.signal == SIGKILL
    }

    /// SIGTERM, a second to end, then SIGKILL: for a server that cleans up as it stops.
    public func stop() async {
        signal(SIGTERM)
        if await waitForExit(timeout: .seconds(1)) == nil { _ = await killHard() }
    }

    /// Waits for it to end, blocking the thread; with a `timeLimit`, a program still running then
    /// is killed, so that a test fails rather than hangs.
    fileprivate func waitBlocking(timeLimit: Duration?) throws -> ChildProcess.Termination {
        if let timeLimit {
            let deadline = ContinuousClock.now + timeLimit
            while ended == nil, ContinuousClock.now < deadline { usleep(10_000) }
            signal(SIGKILL)
        }
        if let termination { return termination }
        termination = try child.wait()
        return termination!
    }

    private static func text(of path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

/// How a program run by `runProgram` ended.
public struct ProgramRun {
    /// The exit status, or 128 + the signal that ended it (137: killed at the time limit).
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// The most memory it had resident at once, in bytes.
    public let maxResidentBytes: Int
}

/// Runs `arguments` (the first looked up on `PATH` unless it is a path) to its end, with
/// `environment` (nil: this process's), killed at `timeLimit` if given.
public func runProgram(_ arguments: [String], environment: [String: String]? = nil,
                       timeLimit: Duration? = nil) throws -> ProgramRun {
    let process = try TestProcess(arguments, environment: environment, separateStandardError: true)
    let ended = try process.waitBlocking(timeLimit: timeLimit)
    return ProgramRun(status: ended.status, stdout: process.output, stderr: process.errors,
                      maxResidentBytes: ended.maxResidentBytes)
}

/// Whether `name` is an executable on PATH.
public func isOnPath(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}
