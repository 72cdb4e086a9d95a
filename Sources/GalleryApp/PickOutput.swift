import Gallery
import OperatingSystem

/// Where `gallery --pick` writes the chosen paths: the stdout it was started with (a pipe, a
/// file, `$(…)`), while the app draws on `/dev/tty`, as fzf does.
struct PickOutput {
    /// The exit status of a pick that chose nothing (q, Esc).
    static let nothingChosen: Int32 = 1
    /// The exit status of a pick that could not start or write its result.
    static let failed: Int32 = 2

    let results: FileDescriptor
    let nullSeparated: Bool

    /// Moves the app's drawing, and its keys when stdin is not the terminal, to `/dev/tty`; stdout
    /// is kept for the result. Call once `gallery -` has read its paths and before anything is
    /// written to the terminal (the capability probe).
    static func takeStandardOutput(nullSeparated: Bool) throws(PickOutputError) -> PickOutput {
        do {
            let results = try TerminalMode.useControllingTerminalAsStandardOutput()
            if !TerminalMode.isTerminal(.standardInput) { try TerminalMode.useControllingTerminalAsStandardInput() }
            return PickOutput(results: results, nullSeparated: nullSeparated)
        } catch {
            throw PickOutputError(reason: error.reason)
        }
    }

    /// Each path's bytes as the system gave them, followed by a newline, or by a NUL
    /// (`--print0`, for names holding a newline).
    static func bytes(of paths: [FilePath], nullSeparated: Bool) -> [UInt8] {
        paths.flatMap { $0.bytes + [nullSeparated ? 0 : UInt8(ascii: "\n")] }
    }

    /// The picker that writes what the user chose here and ends the process through `exit`:
    /// 0 with paths written, `nothingChosen` without, `failed` when they cannot be written.
    /// `beforeWriting` runs first, once the terminal is restored (standard error back from the log).
    @MainActor func picker(beforeWriting: @escaping @MainActor () -> Void,
                           exit: @escaping @MainActor (Int32) -> Never) -> PhotoPicker {
        PhotoPicker { [results, nullSeparated] paths in
            beforeWriting()
            guard let paths else { exit(Self.nothingChosen) }
            do throws(SystemError) {
                try results.write(all: Self.bytes(of: paths, nullSeparated: nullSeparated))
            } catch {
                try? FileDescriptor.standardError.write(all: Array("gallery: cannot write the chosen paths: \(error.reason)\n".utf8))
                exit(Self.failed)
            }
            exit(0)
        }
    }
}

/// Why `gallery --pick` cannot draw on the terminal, as one sentence.
struct PickOutputError: Error, CustomStringConvertible {
    let reason: String

    var description: String {
        "--pick draws on the terminal (/dev/tty) and cannot open it (\(reason)): run it from a terminal"
    }
}
