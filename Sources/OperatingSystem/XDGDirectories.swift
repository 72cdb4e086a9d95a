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
public struct XDGDirectories: Sendable, Equatable {
    /// The home folder the defaults are under.
    public let home: String
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public let configHome: String
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public let cacheHome: String
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public let dataHome: String
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public let stateHome: String
    /// `$XDG_DOWNLOAD_DIR`, else `~/Downloads`.
    public let downloads: String
    /// The app's log, in the state folder: what it did and skipped, and what libraries printed.
    public var log: FilePath { FilePath(stateHome).appending("gallery/gallery.log") }

    /// The folders `environment` names; `accountHome` is asked only when `HOME` is not absolute.
    public init(environment: [String: String],
                accountHome: @autoclosure () -> String? = CurrentProcess.accountHome) {
        func absolute(_ value: String?) -> String? { value.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        let home = absolute(environment["HOME"]) ?? absolute(accountHome()) ?? "/"
        // "/" + "/.config" would start with two slashes.
        let base = home == "/" ? "" : home
        self.home = home
        configHome = absolute(environment["XDG_CONFIG_HOME"]) ?? base + "/.config"
        cacheHome = absolute(environment["XDG_CACHE_HOME"]) ?? base + "/.cache"
        dataHome = absolute(environment["XDG_DATA_HOME"]) ?? base + "/.local/share"
        stateHome = absolute(environment["XDG_STATE_HOME"]) ?? base + "/.local/state"
        downloads = absolute(environment["XDG_DOWNLOAD_DIR"]) ?? base + "/Downloads"
    }
}
