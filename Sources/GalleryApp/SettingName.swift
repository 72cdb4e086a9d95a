/// Every setting a user can make both ways, once: its key in `config.toml` and its flag. The
/// config file's checks and its `--print-config` order read this list, and `SettingNameTests`
/// fails when `--help`, the man page or the README's config example leave one out.
enum SettingName: String, CaseIterable {
    case source, render
    case thumbSize = "thumb_size"
    case perPage = "per_page"
    case theme, fit, sort, reverse
    case terminalScroll = "terminal_scroll"
    case unsplashAccessKey = "unsplash_access_key"

    /// The key in `config.toml`.
    var key: String { rawValue }

    /// The command-line flag: the key with dashes.
    var flag: String { "--" + String(rawValue.map { $0 == "_" ? "-" : $0 }) }
}
