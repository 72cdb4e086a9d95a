import Foundation
import Gallery
import Imaging
import OperatingSystem
import TOMLKit
import TUI
import ArgumentParser

/// The settings of `config.toml`, checked: a value of the wrong type, out of range or under an
/// unknown key is an error naming the file and line, so a typo never goes unnoticed. Its keys are
/// `Setting.all`'s and a `[keys]` table (`gallery --print-config` writes a whole file; the
/// README's "Options and configuration" shows one).
struct ConfigFile: Equatable {
    /// The file's settings over the defaults.
    var values = SettingValues()
    /// Rebound keys by action name.
    var keys: [String: Key] = [:]
    /// `[commands]`: keys bound to the user's own commands, in the file's order.
    var commands: [BoundCommand] = []

    /// A key of `[commands]` and the command it runs.
    struct BoundCommand: Equatable {
        let key: Key
        let command: UserCommand
    }

    static var topLevelKeys: [String] { Setting.all.map(\.key) + ["keys", "commands"] }

    /// `gallery/config.toml` in the user's configuration folder (`XDGDirectories.configHome`).
    static func defaultPath(environment: [String: String]) -> FilePath {
        XDGDirectories(environment: environment).configHome.appending("gallery/config.toml")
    }

    /// Reads and checks the file at `path`; nil when there is no such file. Read as every file is
    /// (`File.read`): a FIFO or a device under its name is refused, not waited on.
    /// `home` is what `~` in a command stands for.
    static func load(path file: FilePath, home: String = "/") throws(ConfigError) -> ConfigFile? {
        let bytes: [UInt8], path = file.description
        do {
            bytes = try File.read(file, maxBytes: 1 << 20)
        } catch where error.isMissing || (try? FileStatus(path: file)) == nil {
            // No file, or none this user can see (a folder on the way it may not enter, as for
            // another user's HOME): there is no config to read. A file seen but not read is an error.
            return nil
        } catch {
            throw ConfigError(path: path, line: nil, message: "cannot be read: \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(path: path, line: nil, message: "is not UTF-8 text")
        }
        return try parse(text, path: path, home: home)
    }

    /// Parses and checks `text`; `path` only names the file in errors, `home` is what `~` in a
    /// command stands for.
    static func parse(_ text: String, path: String, home: String = "/") throws(ConfigError) -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: error.description)
        } catch {
            throw ConfigError(path: path, line: nil, message: "\(error)")
        }
        let lines = KeyLines(text: text)
        func fail(_ key: String, in section: String? = nil, _ message: String) -> ConfigError {
            ConfigError(path: path, line: lines.line(of: key, in: section), message: message)
        }

        var config = ConfigFile()
        for key in table.keys where !topLevelKeys.contains(key) {
            throw fail(key, "unknown key '\(key)' (known: \(topLevelKeys.joined(separator: ", ")))")
        }
        for setting in Setting.all {
            guard let value = table[setting.key] else { continue }
            if let problem = setting.read(value, &config.values) { throw fail(setting.key, "\(setting.key) \(problem)") }
        }
        let rebound = try readKeys(table, into: &config, lines: lines, fail: fail)
        if let value = table["commands"] {
            guard let commands = value.table else { throw fail("commands", "commands must be a table ([commands])") }
            var bound = rebound
            for name in inFileOrder(commands.keys, section: "commands", lines: lines) {
                guard let key = KeyMap.key(named: name) else {
                    throw fail(name, in: "commands", "commands: '\(name)' is not a key: one character or \"ctrl-<letter>\"")
                }
                guard let text = commands[name]?.string else {
                    throw fail(name, in: "commands", "commands.\(name) must be a string: the command to run")
                }
                let command: UserCommand
                do {
                    command = try UserCommand(text, home: home)
                } catch {
                    throw fail(name, in: "commands", "commands.\(name): \(error.description)")
                }
                bound.bind(command, to: key)
                if let clash = bound.clash(binding: key, to: .run(command)) { throw fail(name, in: "commands", "commands.\(name): \(clash)") }
                config.commands.append(BoundCommand(key: key, command: command))
            }
        }
        return config
    }

    /// `[keys]` read into `config`; the key map with its keys rebound.
    private static func readKeys(_ table: TOMLTable, into config: inout ConfigFile, lines: KeyLines,
                                 fail: (String, String?, String) -> ConfigError) throws(ConfigError) -> KeyMap {
        var rebound = KeyMap.standard
        if let value = table["keys"] {
            guard let keys = value.table else { throw fail("keys", nil, "keys must be a table ([keys])") }
            let names = KeyMap.rebindable.map(\.name)
            let inOrder = inFileOrder(keys.keys, section: "keys", lines: lines)
            for name in inOrder {
                guard let action = KeyMap.rebindable.first(where: { $0.name == name })?.action else {
                    throw fail(name, "keys", "unknown action '\(name)' in [keys] (known: \(names.joined(separator: ", ")))")
                }
                guard let spelled = keys[name]?.string, let key = KeyMap.key(named: spelled) else {
                    throw fail(name, "keys", "keys.\(name) must be one character or \"ctrl-<letter>\"")
                }
                rebound.rebind(action, to: key)
                config.keys[name] = key
            }
            // Against the whole new map: two actions may swap keys.
            for name in inOrder {
                guard let action = KeyMap.rebindable.first(where: { $0.name == name })?.action, let key = config.keys[name] else { continue }
                if let clash = rebound.clash(binding: key, to: action) { throw fail(name, "keys", "keys.\(name): \(clash)") }
            }
        }
        return rebound
    }

    /// A table's keys in the file's order, so the first error reported is the first line that has one.
    private static func inFileOrder(_ keys: [String], section: String, lines: KeyLines) -> [String] {
        keys.sorted { (lines.line(of: $0, in: section) ?? 0) < (lines.line(of: $1, in: section) ?? 0) }
    }
}

/// Finds the line where a key is set, for error messages (TOMLKit does not keep value positions).
struct KeyLines {
    private let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line of `key = …` in `[section]` (nil: top level), or of the section header
    /// when `key` is a table; nil when not found.
    func line(of key: String, in section: String? = nil) -> Int? {
        var current: String?
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t"))
                if section == nil && name == key { return index + 1 }
                current = name
                continue
            }
            guard current == section, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            if name == key { return index + 1 }
        }
        return nil
    }
}
