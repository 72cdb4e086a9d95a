import InlineViewer
import OperatingSystem

/// The full-screen app's executable, installed next to `gallery`.
enum AppExecutable {
    static let name = "gallery-app"

    /// Runs `gallery-app` in this process (same pid, terminal and arguments, including `argv[0]`,
    /// so messages still say `gallery`). Exits 127 with a message when it cannot. `arguments` are
    /// `CurrentProcess.arguments`: a name that is not UTF-8 goes on as its bytes.
    static func replaceProcess(arguments: [String]) -> Never {
        let path = siblingPath()
        let failure = CurrentProcess.replace(withProgramAt: path, arguments: arguments.map(FilePath.init(argument:)))
        FileOutput.standardError.report("cannot run \(path): \(failure.reason)")
        CurrentProcess.exit(127)
    }

    /// Runs `gallery-app` with `arguments` as a child reading this process's stdin (keys stop a
    /// video it plays) and writing to its stdout and stderr, and waits for it; true when it exited
    /// with 0. Says why on stderr when it cannot run.
    static func run(_ arguments: [String]) -> Bool {
        let path = siblingPath()
        do {
            return try ChildProcess.start([FilePath(path)] + arguments.map(FilePath.init(argument:)), searchingPath: path == name,
                                          inheritingOutput: true, inheritingInput: true).waitForSuccess()
        } catch {
            FileOutput.standardError.report("cannot run \(path): \(error.reason)")
            return false
        }
    }

    /// `gallery-app` in the directory of the running executable (symlinks resolved).
    private static func siblingPath() -> String {
        guard let executable = CurrentProcess.executablePath, let slash = executable.lastIndex(of: "/") else {
            return name
        }
        return String(executable[...slash]) + name
    }
}
