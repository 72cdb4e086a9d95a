import Glibc

/// A program this process started (`posix_spawn`), with its standard streams redirected: it must
/// never read from or write over the terminal the UI owns.
public struct ChildProcess: Sendable {
    public let id: Int32

    /// Starts `arguments[0]`, a path, or with `searchingPath` a name looked up on `PATH`, with
    /// `environment` (nil: this process's). Its stdin reads `standardInput`; its stdout goes into
    /// `standardOutput` and its stderr into `standardError` (each created, or emptied, mode 0600;
    /// the same path for both is one open file, so neither writes over the other); both are
    /// discarded unless given. With `inheritingOutput` it writes to this process's own stdout and
    /// stderr instead (`gallery view` handing a picture to `gallery-app`), and with
    /// `inheritingInput` it reads this process's stdin (the keys that stop a video it plays). With `newSession` it
    /// runs in a session of its own: no controlling tty, and the terminal's signals do not reach
    /// it. With `signalsAtDefault` it starts with no signal blocked and SIGTERM, SIGINT, SIGHUP,
    /// SIGPIPE and SIGCHLD at their default actions, whatever this process (a test runner) blocks
    /// or ignores (and SIGQUIT, the job control signals and SIGWINCH too): a program that must
    /// stop at SIGTERM (Xvfb left its lock and socket behind).
    public static func start(_ arguments: [FilePath], searchingPath: Bool = false, environment: [String: String]? = nil,
                             standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
                             standardError: String = "/dev/null", inheritingOutput: Bool = false,
                             inheritingInput: Bool = false, newSession: Bool = false,
                             signalsAtDefault: Bool = false) throws(SystemError) -> ChildProcess {
        try spawn(arguments, searchingPath: searchingPath, environment: environment, newSession: newSession,
                  signalsAtDefault: signalsAtDefault) { actions in
            if !inheritingInput { posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0) }
            if !inheritingOutput {
                posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                if standardError == standardOutput {
                    posix_spawn_file_actions_adddup2(&actions, 1, 2)
                } else {
                    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                }
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
        let child = try? spawn(arguments.map { FilePath($0) }, searchingPath: true, environment: nil, newSession: true,
                               signalsAtDefault: false) { actions in
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

    /// Runs the program at `arguments[0]` with `input` on its stdin (at most a pipe's buffer,
    /// 64 KB, so the write never waits on it), its output discarded, in a session of its own; true
    /// when it exits with status 0 within `timeout`, else it is killed. For handing a few bytes to
    /// a program that keeps them (`xclip`, whose copy that serves the selection lives on).
    public static func succeeds(_ arguments: [FilePath], input: [UInt8], timeout: Duration) -> Bool {
        guard input.count <= 1 << 16 else { return false }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let child = try? spawn(arguments, searchingPath: false, environment: nil, newSession: true,
                               signalsAtDefault: true) { actions in
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        Glibc.close(ends[0])
        let writing = FileDescriptor(ends[1])
        // A program that exits without reading leaves a broken pipe. Its SIGPIPE would end this
        // process: it is held back on this thread for the write and taken off after, and the
        // program's status says the rest.
        var brokenPipe = sigset_t(), before = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &before)
        if (try? writing.write(all: input)) == nil {
            var now = timespec()
            _ = sigtimedwait(&brokenPipe, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &before, nil)
        try? writing.close()
        guard let child else { return false }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let ended = try? child.ended() { return ended.succeeded }
            usleep(2_000)
        }
        kill(child.id, SIGKILL)
        _ = try? child.wait()
        return false
    }

    /// Runs `arguments[0]`, looked up on `PATH`, on this process's terminal as a shell runs a job,
    /// and waits for it to end: it reads this process's stdin and writes to its stdout, its stderr
    /// going there too (this process's own may be a pipe to a log); it starts with no signal
    /// blocked and the usual ones at their defaults, in a process group of its own that is made
    /// the terminal's foreground group while it runs, so Ctrl-C and Ctrl-Z reach it and not this
    /// process. A stop (Ctrl-Z) is continued at once: there is no shell here to go back to, and the
    /// terminal is the program's until it ends. For a user's own command on files (`[commands]`).
    public static func runInForeground(_ arguments: [FilePath]) throws(SystemError) -> Termination {
        let child = try spawn(arguments, searchingPath: true, environment: nil, newSession: false, signalsAtDefault: true,
                              ownProcessGroup: true) { actions in
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let terminal = FileDescriptor.standardInput.rawValue
        let ownsTerminal = isatty(terminal) == 1 && tcgetpgrp(terminal) == getpgrp()
        if ownsTerminal { tcsetpgrp(terminal, child.id) }
        defer {
            if ownsTerminal {
                // Taking the terminal back from the background sends SIGTTOU, unless it is blocked.
                var backgroundWrite = sigset_t(), before = sigset_t()
                sigemptyset(&backgroundWrite)
                sigaddset(&backgroundWrite, SIGTTOU)
                pthread_sigmask(SIG_BLOCK, &backgroundWrite, &before)
                tcsetpgrp(terminal, getpgrp())
                pthread_sigmask(SIG_SETMASK, &before, nil)
            }
        }
        while true {
            var status: Int32 = 0
            var usage = rusage()
            _ = try SystemCall.retryingInterrupts("wait for process \(child.id)") { wait4(child.id, &status, WUNTRACED, &usage) }
            // WIFSTOPPED: a stopped child's status ends in 0x7F. A program that read the terminal
            // before it was made the foreground group (SIGTTIN) goes on too.
            if status & 0xFF == 0x7F {
                kill(-child.id, SIGCONT)
                continue
            }
            return Termination(status: status, usage: usage)
        }
    }

    /// `posix_spawn` (or `posix_spawnp` when `searchingPath`) with the file actions `redirect` adds.
    private static func spawn(_ arguments: [FilePath], searchingPath: Bool, environment: [String: String]?,
                              newSession: Bool, signalsAtDefault: Bool, ownProcessGroup: Bool = false,
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
        var flags: Int16 = newSession ? spawnSetSID : 0
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
        }
        if signalsAtDefault {
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            flags |= Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        }
        posix_spawnattr_setflags(&attributes, flags)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { $0.withCString { strdup($0) } } + [nil]
        // A value that is not UTF-8 goes on as its bytes (`CurrentProcess.environment`'s token).
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).map { name, value in
            FilePath(bytes: Array("\(name)=".utf8) + FilePath(variable: value, of: name).bytes).withCString { strdup($0) }
        } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var id: pid_t = 0
        // posix_spawn returns the error rather than setting errno.
        let code = envp.withUnsafeMutableBufferPointer { given in
            let envp = environment == nil ? environ : given.baseAddress
            return searchingPath ? posix_spawnp(&id, argv[0]!, &actions, &attributes, &argv, envp)
                                 : posix_spawn(&id, argv[0]!, &actions, &attributes, &argv, envp)
        }
        guard code == 0 else { throw SystemError(code: code, operation: "run", path: arguments[0].description) }
        return ChildProcess(id: id)
    }

    /// How a program ended.
    public struct Termination: Sendable, Equatable {
        /// Its exit status, or 128 + the signal that ended it, as a shell gives it (137: killed).
        public let status: Int32
        /// The signal that ended it; nil when it exited.
        public let signal: Int32?
        /// The most memory it had resident at once, in bytes.
        public let maxResidentBytes: Int

        /// It exited with status 0 (was not killed).
        public var succeeded: Bool { status == 0 }

        /// From `wait4`'s status and usage.
        init(status: Int32, usage: rusage) {
            // WIFSIGNALED, WTERMSIG and WEXITSTATUS are macros Swift cannot import.
            let signal = status & 0x7F
            self.status = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            self.signal = signal == 0 ? nil : signal
            // Linux counts ru_maxrss in kilobytes.
            maxResidentBytes = usage.ru_maxrss * 1024
        }
    }

    /// Waits for the program to end, and reaps it.
    public func wait() throws(SystemError) -> Termination {
        // Without WNOHANG, wait4 returns only once the child has ended.
        try reap(options: 0)!
    }

    /// How the program ended, reaping it; nil while it runs.
    public func ended() throws(SystemError) -> Termination? {
        try reap(options: WNOHANG)
    }

    /// Waits for the program to end; true when it exited with status 0 (not killed by a signal).
    public func waitForSuccess() throws(SystemError) -> Bool {
        try wait().succeeded
    }

    private func reap(options: Int32) throws(SystemError) -> Termination? {
        var status: Int32 = 0
        var usage = rusage()
        guard try SystemCall.retryingInterrupts("wait for process \(id)", { wait4(id, &status, options, &usage) }) == id else {
            return nil
        }
        return Termination(status: status, usage: usage)
    }
}
