import Glibc

/// This process's standard error sent to a file for a while, then put back. What C libraries
/// print there (dav1d's and libde265's complaints about a damaged picture, say) would otherwise
/// land in the middle of a full-screen app's screen.
public struct StandardErrorRedirection: Sendable {
    /// The standard error there was, kept on a descriptor of its own until `restore`.
    private let saved: Int32

    /// Sends descriptor 2 to `path` (appended to, created with mode 0600), or to /dev/null when
    /// `path` cannot be opened: either is better than the screen.
    public init(to path: String) throws(SystemError) {
        saved = try SystemCall.retryingInterrupts("keep standard error") { fcntl(2, F_DUPFD_CLOEXEC, 3) }
        var target = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        if target < 0 { target = open("/dev/null", O_WRONLY | O_CLOEXEC) }
        guard target >= 0 else { return }
        defer { close(target) }
        _ = try SystemCall.retryingInterrupts("send standard error to", path: path) { dup2(target, 2) }
    }

    /// Puts the standard error there was back.
    public func restore() {
        _ = try? SystemCall.retryingInterrupts("put standard error back") { dup2(saved, 2) }
        close(saved)
    }
}
