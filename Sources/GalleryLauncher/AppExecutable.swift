import Glibc
import InlineViewer

/// The full-screen app's executable, installed next to `gallery`.
enum AppExecutable {
    static let name = "gallery-app"

    /// Runs `gallery-app` in this process (same pid, terminal and arguments, including `argv[0]`,
    /// so messages still say `gallery`). Exits 127 with a message when it cannot.
    static func replaceProcess(arguments: [String]) -> Never {
        let path = siblingPath()
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        let reason = String(cString: strerror(errno))
        FileOutput.standardError.write("gallery: cannot run \(path): \(reason)\n")
        exit(127)
    }

    /// `gallery-app` in the directory of the running executable (symlinks resolved).
    private static func siblingPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return name }
        return String(executable[...slash]) + name
    }
}
