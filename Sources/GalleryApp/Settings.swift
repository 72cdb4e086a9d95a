import Gallery
import Imaging
import OperatingSystem
import TUI

/// The effective configuration: built-in defaults, overridden by the config file, overridden by flags.
struct Settings: Equatable {
    var source = "demo"
    var render = RenderModeOption.auto
    var thumbSize = ThumbSize.standard
    var perPage = 30
    var theme = ThemeOption.dark
    var fit = PictureFit.gridDefault
    var sort = SortOption.name
    var reverse = false
    var terminalScroll = TerminalScrollOption.auto
    var unsplashAccessKey: String?
    var keys = KeyBindings.standard
    /// Where the log goes.
    var logPath: String
    var verbose = false
    /// The config file read, nil when there was none.
    var configPath: String?

    /// `file` (read from `configPath`) under `command`'s flags.
    init(command: GalleryCommand, file: ConfigFile?, configPath: String?, environment: [String: String]) {
        logPath = command.log ?? Self.defaultLogPath(environment: environment)
        self.configPath = file == nil ? nil : configPath
        if let file {
            source = file.source ?? source
            render = file.render ?? render
            thumbSize = file.thumbSize ?? thumbSize
            perPage = file.perPage ?? perPage
            theme = file.theme ?? theme
            fit = file.fit ?? fit
            sort = file.sort ?? sort
            reverse = file.reverse ?? reverse
            terminalScroll = file.terminalScroll ?? terminalScroll
            unsplashAccessKey = file.unsplashAccessKey
            for (action, key) in file.keys { keys[action: action] = key }
        }
        source = command.source ?? source
        render = command.render ?? render
        thumbSize = command.thumbSize ?? thumbSize
        perPage = command.perPage ?? perPage
        theme = command.theme ?? theme
        fit = command.fit ?? fit
        sort = command.sort ?? sort
        reverse = command.reverse ?? reverse
        terminalScroll = command.terminalScroll ?? terminalScroll
        unsplashAccessKey = command.unsplashAccessKey ?? unsplashAccessKey
        verbose = command.verbose
    }

    /// Reads the config file at its default place and applies `command`'s flags.
    static func load(command: GalleryCommand, environment: [String: String]) throws(ConfigError) -> Settings {
        let path = ConfigFile.defaultPath(environment: environment)
        let file = try ConfigFile.load(path: path)
        return Settings(command: command, file: file, configPath: path, environment: environment)
    }

    /// `gallery/gallery.log` in the user's state folder (`XDGDirectories.stateHome`).
    static func defaultLogPath(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).stateHome + "/gallery/gallery.log"
    }

    /// The access key with all but its last 4 characters hidden: `****abcd`.
    static func masked(_ key: String) -> String {
        "****" + (key.count > 4 ? String(key.suffix(4)) : "")
    }

    /// The configuration as a config file would say it (the access key masked), so it can be
    /// copied into `config.toml`.
    var toml: String {
        var lines = [
            "# gallery: effective configuration (defaults < \(configPath ?? "no config file") < flags)",
            "source = \(TOMLString.quoted(source))",
            "render = \(TOMLString.quoted(render.rawValue))",
            "thumb_size = \(TOMLString.quoted(thumbSize.description))",
            "per_page = \(perPage)",
            "theme = \(TOMLString.quoted(theme.rawValue))",
            "fit = \(TOMLString.quoted(fit.rawValue))",
            "sort = \(TOMLString.quoted(sort.rawValue))",
            "reverse = \(reverse)",
            "terminal_scroll = \(TOMLString.quoted(terminalScroll.rawValue))",
        ]
        if let unsplashAccessKey {
            lines.append("unsplash_access_key = \(TOMLString.quoted(Self.masked(unsplashAccessKey)))")
        } else {
            lines.append("# unsplash_access_key = \"...\"  (not set)")
        }
        lines.append("# log file: \(logPath)")
        lines += ["", "[keys]"]
        for action in KeyBindings.actionNames {
            if let key = keys[action: action] { lines.append("\(action) = \(TOMLString.quoted(KeyBindings.name(of: key)))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// TOML basic strings.
enum TOMLString {
    /// `text` in double quotes with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
