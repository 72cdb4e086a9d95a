/// Where the user's configuration, caches, data, state and downloads go: the XDG Base Directory
/// specification's folders (and xdg-user-dirs' download folder), worked out once from an
/// environment. Every path the app keeps in the home folder comes from here.
///
/// A variable counts only when it holds an absolute path: the specification says a relative one
/// is invalid and is to be ignored, and an empty or unset one means its default under the home.
/// The home is `$HOME` when absolute; when it is unset, empty or relative, this user's home in
/// `/etc/passwd` (`CurrentProcess.accountHome`; a shell's `~` and GLib also fall back to the
/// account); when that has none either, `/`, where a user can create nothing, so the app's writes
/// fail where they are made rather than land in a folder other users share, such as `/tmp`.
///
/// The folders are paths as bytes: a home whose name is not UTF-8 is this process's variable's
/// own bytes (`CurrentProcess.environment` holds a token for it, `FilePath(variable:of:)`), so
/// the trash, thumbnails, configuration and index are found where they are.
public struct XDGDirectories: Sendable, Equatable {
    /// The home folder the defaults are under.
    public let home: FilePath
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public let configHome: FilePath
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public let cacheHome: FilePath
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public let dataHome: FilePath
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public let stateHome: FilePath
    /// `$XDG_DOWNLOAD_DIR`, else `~/Downloads`.
    public let downloads: FilePath
    /// The app's log, in the state folder: what it did and skipped, and what libraries printed.
    public var log: FilePath { stateHome.appending("gallery/gallery.log") }

    /// The folders `environment` names (`CurrentProcess.environment`, or text a test gives);
    /// `accountHome` is asked only when `HOME` is not absolute.
    public init(environment: [String: String],
                accountHome: @autoclosure () -> String? = CurrentProcess.accountHome) {
        func absolute(_ name: String) -> FilePath? {
            environment[name].map { FilePath(variable: $0, of: name) }.flatMap { $0.isAbsolute ? $0 : nil }
        }
        let home = absolute("HOME") ?? accountHome().map { FilePath($0) }.flatMap { $0.isAbsolute ? $0 : nil } ?? "/"
        // "/" + "/.config" would start with two slashes.
        let base = home == "/" ? FilePath("") : home
        func under(_ path: String) -> FilePath { FilePath(bytes: base.bytes + Array(path.utf8)) }
        self.home = home
        configHome = absolute("XDG_CONFIG_HOME") ?? under("/.config")
        cacheHome = absolute("XDG_CACHE_HOME") ?? under("/.cache")
        dataHome = absolute("XDG_DATA_HOME") ?? under("/.local/share")
        stateHome = absolute("XDG_STATE_HOME") ?? under("/.local/state")
        downloads = absolute("XDG_DOWNLOAD_DIR") ?? under("/Downloads")
    }
}
