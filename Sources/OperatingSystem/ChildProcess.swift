import Glibc

/// A program this process started (`posix_spawn`), with its standard streams redirected: it must
/// never read from or write over the terminal the UI owns.
public struct ChildProcess: Sendable {
    public let id: Int32

    /// Starts `arguments[0]`, a path, or with `searchingPath` a name looked up on `PATH`. Its stdin
    /// reads `standardInput`; its stdout goes into `standardOutput` (created, or emptied, mode
    /// 0600); its stderr is discarded. With `inheritingOutput` it writes to this process's own
    /// stdout and stderr instead (`gallery view` handing a picture to `gallery-app`). With
    /// `newSession` it runs in a session of its own: no controlling tty, and the terminal's
    /// signals do not reach it.
    public static func start(_ arguments: [String], searchingPath: Bool = false,
                             standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
                             inheritingOutput: Bool = false, newSession: Bool = false) throws(SystemError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        if !inheritingOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
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
