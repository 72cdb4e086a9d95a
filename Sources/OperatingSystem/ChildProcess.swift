import Glibc

/// A program this process started (`posix_spawn`), with its standard streams redirected: it must
/// never read from or write over the terminal the UI owns.
public struct ChildProcess: Sendable {
    public let id: Int32

    /// Starts `arguments[0]`, a path, or with `searchingPath` a name looked up on `PATH`. Its stdin
    /// reads `standardInput`; its stdout goes into `standardOutput` (created, or emptied, mode
    /// 0600); its stderr is discarded. With `inheritingOutput` it writes to this process's own
    /// stdout and stderr instead (`gallery view` handing a picture to `gallery-app`), and with
    /// `inheritingInput` it reads this process's stdin (the keys that stop a video it plays). With
    /// `newSession` it runs in a session of its own: no controlling tty, and the terminal's
    /// signals do not reach it.
    public static func start(_ arguments: [String], searchingPath: Bool = false,
                             standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
                             inheritingOutput: Bool = false, inheritingInput: Bool = false,
                             newSession: Bool = false) throws(SystemError) -> ChildProcess {
        try spawn(arguments, searchingPath: searchingPath, newSession: newSession) { actions in
            if !inheritingInput { posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0) }
            if !inheritingOutput {
                posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        }
    }

    /// What the program `arguments[0]` (looked up on `PATH`) writes to its stdout, at most
    /// `maxBytes`, when it exits with status 0 within `timeout`; nil otherwise, the program killed
    /// at the deadline. Its stdin is /dev/null and its stderr discarded: for asking a program a
    /// short question (`tmux display-message`) without ever waiting on it for long.
    public static func output(of arguments: [String], timeout: Duration, maxBytes: Int = 1 << 16) -> [UInt8]? {
        var ends: [Int32] = [-1, -1]
        // pipe2 is declared only to _GNU_SOURCE code, so close-on-exec comes a moment later: a
        // program spawned meanwhile by another thread would hold the write end open, and the read
        // would end at the deadline instead of at the end of the output, nothing worse.
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reading = FileDescriptor(ends[0])
        defer { try? reading.close() }
        let child = try? spawn(arguments, searchingPath: true, newSession: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Only the child writes now: its end closing is the end of the output.
        Glibc.close(ends[1])
        guard let child else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + timeout
        var ended = false
        while !ended, output.count <= maxBytes {
            guard let ready = try? reading.waitForInput(until: deadline) else { break }
            guard ready else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, $0.count) }
            if count > 0 { output += chunk.prefix(count) } else if count == 0 || errno != EINTR { ended = true }
        }
        if !ended { kill(child.id, SIGKILL) }
        let succeeded = (try? child.waitForSuccess()) ?? false
        return ended && succeeded && output.count <= maxBytes ? output : nil
    }

    /// `posix_spawn` (or `posix_spawnp` when `searchingPath`) with the file actions `redirect` adds.
    private static func spawn(_ arguments: [String], searchingPath: Bool, newSession: Bool,
                              redirect: (inout posix_spawn_file_actions_t) -> Void) throws(SystemError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID, which its headers show only to _GNU_SOURCE code.
        let spawnSetSID: Int16 = 0x80
        if newSession { posix_spawnattr_setflags(&attributes, spawnSetSID) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var id: pid_t = 0
        // posix_spawn returns the error rather than setting errno.
        let code = searchingPath ? posix_spawnp(&id, arguments[0], &actions, &attributes, &argv, environ)
                                 : posix_spawn(&id, arguments[0], &actions, &attributes, &argv, environ)
        guard code == 0 else { throw SystemError(code: code, operation: "run", path: arguments[0]) }
        return ChildProcess(id: id)
    }

    /// Waits for the program to end; true when it exited with status 0 (not killed by a signal).
    public func waitForSuccess() throws(SystemError) -> Bool {
        var status: Int32 = 0
        _ = try SystemCall.retryingInterrupts("wait for process \(id)") { waitpid(id, &status, 0) }
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }
}
