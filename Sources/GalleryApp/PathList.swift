import OperatingSystem

/// Paths piped to `gallery -`: one a line, or NUL-separated with `-0` (`find -print0`).
enum PathList {
    /// More than any list of paths a user pipes in; a stream that never ends stops here.
    static let maxBytes = 64 << 20

    /// The paths in `bytes`, as bytes (a name need not be UTF-8), without empty entries; a
    /// trailing carriage return (a list written on Windows) is dropped with line separation.
    static func parse(_ bytes: [UInt8], nullSeparated: Bool) -> [FilePath] {
        var paths: [FilePath] = []
        for var part in bytes.split(separator: nullSeparated ? 0 : UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if !nullSeparated && part.last == UInt8(ascii: "\r") { part.removeLast() }
            if !part.isEmpty { paths.append(FilePath(bytes: part)) }
        }
        return paths
    }

    /// Reads the paths from stdin, then takes keys from `/dev/tty`. Throws a sentence saying what
    /// to do when stdin is the terminal itself, holds no path, or there is no terminal to use.
    static func readStandardInput(nullSeparated: Bool) throws(PathListError) -> [FilePath] {
        guard !TerminalMode.isTerminal(.standardInput) else { throw .standardInputIsTheTerminal }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.standardInput.read(upTo: maxBytes)
        } catch {
            throw .unreadable(error.reason)
        }
        let paths = parse(bytes, nullSeparated: nullSeparated)
        guard !paths.isEmpty else { throw .empty }
        do {
            try TerminalMode.useControllingTerminalAsStandardInput()
        } catch {
            throw .noTerminal
        }
        return paths
    }
}

/// Why `gallery -` cannot start, as one sentence that says what to do.
enum PathListError: Error, Equatable, CustomStringConvertible {
    case standardInputIsTheTerminal
    case unreadable(String)
    case empty
    case noTerminal

    var description: String {
        switch self {
        case .standardInputIsTheTerminal:
            "'-' reads paths from stdin, which is the terminal here: pipe them in, e.g. find ~/Pictures -name '*.jpg' | gallery -"
        case .unreadable(let reason): "cannot read the paths on stdin: \(reason)"
        case .empty: "no paths on stdin: pipe some in, e.g. find ~/Pictures -name '*.jpg' | gallery -"
        case .noTerminal: "the paths were read, but there is no terminal (/dev/tty) to show them on: run gallery from a terminal"
        }
    }
}
