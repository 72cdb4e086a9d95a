import CAllocator
import Glibc

/// This process: its id, environment, executable, and the ways it ends.
public enum CurrentProcess {
    public static var id: Int32 { getpid() }

    /// The real user id (`getuid`), which names this user's trash folders.
    public static var userID: UInt32 { UInt32(getuid()) }

    /// This user's home folder as `/etc/passwd` records it, nil when it has no line for the user.
    /// Read from the file, not through `getpwuid_r`: glibc's lookup loads NSS modules, which the
    /// static `gallery` links only with a warning and runs only beside the glibc it was built with.
    /// An account only a directory service (LDAP) knows is not found.
    public static var accountHome: String? {
        guard let bytes = try? File.read("/etc/passwd", maxBytes: 16 << 20) else { return nil }
        let user = String(getuid())
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count == 7, fields[2] == user { return String(fields[5]) }
        }
        return nil
    }

    /// Lets the C library's allocator keep no more pools of memory (arenas) than there are cores,
    /// before threads start. By default each new thread may get a pool of its own, up to eight a
    /// core, and memory freed in one pool serves only the threads of that pool: every decode runs
    /// on a thread of its own (`DecodeDeadline`), so the peak memory of a large library grew with
    /// the threads that had run rather than with what was held. Threads beyond the cores would
    /// wait for a core anyway. `MALLOC_ARENA_MAX` in the environment still decides when it is set.
    /// Whether the limit was set.
    @discardableResult
    public static func limitAllocatorPoolsToCores() -> Bool {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return false }
        return gallery_limit_arenas(Int32(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))) == 1
    }

    /// Ends the process with `status`, as C's `exit` does (exit handlers run).
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// Runs `handler` when the process ends by `exit` or by returning from `main` (`atexit`).
    public static func atExit(_ handler: @escaping @convention(c) () -> Void) {
        atexit(handler)
    }

    /// This process's environment as text, for a parser and for programs it starts: a value that
    /// is not UTF-8 (a home folder named in Latin-1) is the token `"\0"`, which no variable can
    /// hold, and which `FilePath(variable:of:)` and `ChildProcess` turn back into its bytes.
    /// Foundation's `ProcessInfo.environment` shows such bytes as U+FFFD, a name of another folder.
    public static var environment: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
               let name = String(validating: bytes[..<equals], as: UTF8.self), variables[name] == nil {
                variables[name] = String(validating: bytes[(equals + 1)...], as: UTF8.self) ?? Self.variableToken
            }
            entry += 1
        }
        return variables
    }

    /// What `environment` holds for a value that is not UTF-8.
    static let variableToken = "\0"

    /// The bytes of this process's variable `name`, nil when it is unset.
    static func variableBytes(_ name: String) -> [UInt8]? {
        getenv(name).map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
    }

    public static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets the variable `name`, or removes it when `value` is nil.
    public static func setEnvironmentVariable(_ name: String, to value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    /// The running executable's path with symbolic links resolved (`/proc/self/exe`), nil when the
    /// kernel does not say.
    /// The current folder as the system names it (`getcwd`), whatever its bytes; `/` when it
    /// cannot say (the folder was removed).
    public static var workingDirectory: FilePath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return buffer.withUnsafeBufferPointer { FilePath(cString: $0.baseAddress!) }
    }

    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs the program at `path` in this process (`execv`: same pid and terminal), with
    /// `arguments` as its `argv`. Returns only when it could not, with why.
    public static func replace(withProgramAt path: String, arguments: [FilePath]) -> SystemError {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { $0.withCString { strdup($0) } } + [nil]
        execv(path, &argv)
        let failure = SystemError.last("run", path: path)
        argv.forEach { free($0) }
        return failure
    }
}

extension CurrentProcess {
    /// This process's arguments (`argv`, its program's path first) as text for a parser. Swift's
    /// `CommandLine.arguments` shows bytes that are not UTF-8 as U+FFFD, text that may name
    /// another file; here such an argument is a token, a NUL and its place, which no argument can
    /// spell (an argument holds no NUL) and `FilePath(argument:)` turns back into its bytes.
    public static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return String(validatingCString: argument) ?? "\0\(index)"
        }
    }

    /// The user's locale (`setlocale(LC_ALL, "")`), with a UTF-8 character type: C.UTF-8's when
    /// the user's is not UTF-8, since wide characters (curses, `wcwidth`) need it.
    public static func useLocaleWithUTF8Characters() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased().filter { $0 != "-" }
        if codeset != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}

/// The signals a terminal program handles, by what they mean.
public enum ProcessSignal {
    public static let interrupt = SIGINT
    public static let terminate = SIGTERM
    public static let hangUp = SIGHUP
    public static let windowChanged = SIGWINCH
    public static let continued = SIGCONT
}
