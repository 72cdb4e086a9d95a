import OperatingSystem

/// Paths piped to `gallery -`: one a line, or NUL-separated with `-0` (`find -print0`).
enum PathList {
    /// More than any list of paths a user pipes in; a stream that never ends stops here.
    static let maxBytes = 64 << 20

    /// The paths in `bytes`, without empty entries; a trailing carriage return (a list written on
    /// Windows) is dropped with line separation.
    static func parse(_ bytes: [UInt8], nullSeparated: Bool) throws(PathListError) -> [String] {
        var paths: [String] = []
        for (index, part) in bytes.split(separator: nullSeparated ? 0 : UInt8(ascii: "\n"), omittingEmptySubsequences: true).enumerated() {
            // A name in another encoding would read as text that may name another file.
            guard var path = String(validating: part, as: UTF8.self) else { throw .notUTF8(path: index + 1) }
            if !nullSeparated && path.hasSuffix("\r") { path.removeLast() }
            if !path.isEmpty { paths.append(path) }
        }
        return paths
    }

    /// Reads the paths from stdin, then takes keys from `/dev/tty`. Throws a sentence saying what
    /// to do when stdin is the terminal itself, holds no path, or there is no terminal to use.
    static func readStandardInput(nullSeparated: Bool) throws(PathListError) -> [String] {
        guard !TerminalMode.isTerminal(.standardInput) else { throw .standardInputIsTheTerminal }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.standardInput.read(upTo: maxBytes)
        } catch {
            throw .unreadable(error.reason)
        }
        let paths = try parse(bytes, nullSeparated: nullSeparated)
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
    case notUTF8(path: Int)

    var description: String {
        switch self {
        case .standardInputIsTheTerminal:
            "'-' reads paths from stdin, which is the terminal here: pipe them in, e.g. find ~/Pictures -name '*.jpg' | gallery -"
        case .unreadable(let reason): "cannot read the paths on stdin: \(reason)"
        case .empty: "no paths on stdin: pipe some in, e.g. find ~/Pictures -name '*.jpg' | gallery -"
        case .noTerminal: "the paths were read, but there is no terminal (/dev/tty) to show them on: run gallery from a terminal"
        case .notUTF8(let path):
            "path \(path) on stdin is not UTF-8 text, so it could name another file: gallery cannot open such names "
                + "yet; rename the file to UTF-8 (convmv -f latin1 -t utf8 does)"
        }
    }
}
