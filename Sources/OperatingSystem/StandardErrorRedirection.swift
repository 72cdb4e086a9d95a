import Glibc

/// This process's standard error taken for a while, then put back: what C libraries print there
/// (dav1d's "Unknown OBU type 0 of size 6197" inside libheif, which offers no callback for it;
/// libde265's complaints) would otherwise land in the middle of a full-screen app's screen, or
/// before `gallery view`'s one line about a file. Descriptor 2 becomes a pipe whose lines are
/// handed to the caller (`takeLines`), for the log, as warnings; they are never shown.
///
/// The pipe's writing end never blocks: a library that prints more than the pipe holds (64 KB)
/// before the lines are taken loses the rest, rather than stopping the thread that printed.
public final class StandardErrorRedirection: Sendable {
    /// The standard error there was, kept on a descriptor of its own until `restore`.
    private let saved: Int32
    /// The pipe's reading end, non-blocking: a caller may watch it for lines (a dispatch source).
    public let readingEnd: Int32
    /// A line cut off by the end of what was read so far, completed by the next read.
    private let partial = Locked<[UInt8]>([])

    /// Sends descriptor 2 to a new pipe.
    public init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        _ = try SystemCall.retryingInterrupts("make a pipe for standard error") { pipe(&ends) }
        // pipe2 is only declared to _GNU_SOURCE code; both ends' flags set here instead.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readingEnd = ends[0]
        do {
            saved = try SystemCall.retryingInterrupts("keep standard error") { fcntl(2, F_DUPFD_CLOEXEC, 3) }
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        // dup2 leaves the copy without close-on-exec: a program started meanwhile prints here too.
        _ = try? SystemCall.retryingInterrupts("send standard error to a pipe") { dup2(ends[1], 2) }
        close(ends[1])
    }

    /// The whole lines written since the last call, without waiting; with `all`, a last line
    /// not ended by a newline as well. Bytes that are not UTF-8 are shown as U+FFFD.
    public func takeLines(all: Bool = false) -> [String] {
        partial.withLock { partial in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readingEnd, $0.baseAddress, $0.count) }
                if count > 0 { partial += chunk.prefix(count) } else if count < 0 && errno == EINTR { continue } else { break }
            }
            var lines = partial.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            partial = all ? [] : Array(lines.removeLast())
            return lines.filter { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Puts the standard error there was back, and returns the lines not taken yet.
    public func restore() -> [String] {
        _ = try? SystemCall.retryingInterrupts("put standard error back") { dup2(saved, 2) }
        close(saved)
        defer { close(readingEnd) }
        return takeLines(all: true)
    }

    /// Appends `lines` to the log file at `path` as warnings, in the app's log's form
    /// (`2026-11-28T07:20:00Z warning gallery: …`), creating it (mode 0600) and its folder; for a
    /// process that has no logger (`gallery view`). Nothing is said when it cannot be written.
    public static func appendWarnings(_ lines: [String], toLogAt path: FilePath) {
        guard !lines.isEmpty else { return }
        try? File.makeDirectories(path.parent, permissions: 0o700)
        guard let log = try? FileDescriptor.open(path, .appending(permissions: 0o600)) else { return }
        defer { try? log.close() }
        let time = Self.utcText(secondsSince1970: Int(Glibc.time(nil)))
        try? log.write(all: Array(lines.map { "\(time) warning gallery: \($0)\n" }.joined().utf8))
    }

    /// `YYYY-MM-DDThh:mm:ssZ`, as the app's log writes its times.
    static func utcText(secondsSince1970: Int) -> String {
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
