import Foundation
import Glibc

/// Opens a web page in the user's browser.
public protocol URLOpening: Sendable {
    /// Starts opening `url`; false when there is no way to (no opener installed).
    func open(_ url: String) -> Bool
}

/// Opens URLs with `xdg-open` (or macOS `open`) found on `PATH`, spawned detached: its own session,
/// stdio on /dev/null (it must never write over the UI), and reaped on a thread of its own.
public struct SystemURLOpener: URLOpening {
    /// Programs tried in order.
    public static let openers = ["xdg-open", "open"]
    private let searchPath: String

    /// `searchPath` is a `PATH`-style list of directories.
    public init(searchPath: String) {
        self.searchPath = searchPath
    }

    /// The opener that would be used, if any.
    public var opener: String? {
        let directories = searchPath.split(separator: ":").map(String.init)
        for name in Self.openers {
            for directory in directories where !directory.isEmpty {
                let candidate = directory + "/" + name
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }

    public func open(_ url: String) -> Bool {
        guard let opener else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: no controlling tty, and our terminal's signals do not reach it.
        // glibc's POSIX_SPAWN_SETSID, which its headers show only to _GNU_SOURCE code.
        let spawnSetSID: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, spawnSetSID)

        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, opener, &actions, &attributes, &argv, environ) == 0 else { return false }
        // xdg-open may run as long as the browser does; wait for it off the main and cooperative threads.
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return true
    }
}
