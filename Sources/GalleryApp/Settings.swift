import Gallery
import Imaging
import OperatingSystem
import TUI

/// The effective configuration: built-in defaults, overridden by the config file, overridden by
/// flags. A setting reads as a property (`settings.perPage`): `SettingValues` declares them.
@dynamicMemberLookup
struct Settings: Equatable {
    var values: SettingValues
    var keys = KeyMap.standard
    /// `[commands]`, as the file binds them (also in `keys`).
    var commands: [ConfigFile.BoundCommand] = []
    /// Where the log goes.
    var logPath: FilePath
    var verbose = false
    /// The config file read, nil when there was none.
    var configPath: String?

    subscript<Value>(dynamicMember field: KeyPath<SettingValues, Value>) -> Value { values[keyPath: field] }

    /// `file` (read from `configPath`) under `command`'s flags.
    init(command: GalleryCommand, file: ConfigFile?, configPath: String?, environment: [String: String]) {
        // `--log`'s value as the bytes given: a name that is not UTF-8 is a token for them.
        logPath = command.log.map(FilePath.init(argument:)) ?? Self.defaultLogPath(environment: environment)
        self.configPath = file == nil ? nil : configPath
        values = file?.values ?? SettingValues()
        if let file {
            for (name, action) in KeyMap.rebindable { if let key = file.keys[name] { keys.rebind(action, to: key) } }
            for bound in file.commands { keys.bind(bound.command, to: bound.key) }
            commands = file.commands
        }
        for setting in Setting.all { setting.applyFlag(command, &values) }
        // `--source dir PATH` or a lone PATH is that folder: said as a config file says it, so
        // `--print-config`'s output opens the same folder (`source = "dir"` alone is refused).
        if case .folder(let name)? = try? command.catalog {
            let path = FilePath(argument: name)
            values.source = (path.isAbsolute ? path : CurrentProcess.workingDirectory.appending(path)).text ?? values.source
        }
        verbose = command.verbose
    }

    /// Reads the config file at its default place and applies `command`'s flags.
    static func load(command: GalleryCommand, environment: [String: String]) throws(ConfigError) -> Settings {
        let path = ConfigFile.defaultPath(environment: environment)
        let file = try ConfigFile.load(path: path, home: XDGDirectories(environment: environment).home.description)
        return Settings(command: command, file: file, configPath: path.description, environment: environment)
    }

    /// `gallery/gallery.log` in the user's state folder (`XDGDirectories.stateHome`).
    static func defaultLogPath(environment: [String: String]) -> FilePath {
        XDGDirectories(environment: environment).log
    }

    /// The access key with all but its last 4 characters hidden: `****abcd`.
    static func masked(_ key: String) -> String {
        "****" + (key.count > 4 ? String(key.suffix(4)) : "")
    }

    /// The configuration as a config file would say it (the access key masked), so it can be
    /// copied into `config.toml`.
    var toml: String {
        var lines = ["# gallery: effective configuration (defaults < \(configPath ?? "no config file") < flags)"]
        lines += Setting.all.map { $0.line(values) }
        lines.append("# log file: \(logPath)")
        lines += ["", "[keys]"]
        for (name, action) in KeyMap.rebindable {
            if let key = keys.keys(of: action).first { lines.append("\(name) = \(TOMLString.quoted(KeyMap.configName(of: key)))") }
        }
        lines += ["", "[commands]"]
        for bound in commands {
            lines.append("\(TOMLString.quoted(KeyMap.configName(of: bound.key))) = \(TOMLString.quoted(bound.command.text))")
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
