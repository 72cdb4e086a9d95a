import ArgumentParser
import Foundation
import Gallery
import Imaging
import TOMLKit
import TUI
import TerminalVocabulary

/// Every setting a user can make both ways, with its default: what the config file starts from
/// and the flags then change (`Settings`). Adding a setting is a field here, its line in
/// `Setting.all`, its flag in `GalleryCommand` and its use.
struct SettingValues: Equatable {
    var source = "auto"
    var render = RenderModeOption.auto
    var thumbSize = CellSize.standardGridCell
    var perPage = 30
    var theme = ThemeOption.dark
    var fit = PictureFit.gridDefault
    var sort = SortOption.name
    var reverse = false
    var since: DateQuery?
    var until: DateQuery?
    var group = TimelineGrouping.month
    var minRating = 0
    var picked = false
    var terminalScroll = TerminalScrollOption.auto
    var unsplashAccessKey: String?

    /// The defaults, for the flags' help.
    static let standard = SettingValues()
}

/// One setting: its key in `config.toml` (the flag is the key with dashes), the field of
/// `SettingValues` that holds it and the `GalleryCommand` flag that sets it. How a value is read
/// from the file and printed is its type's (`SettingValue`); `check` adds what its type cannot say.
struct Setting {
    /// Every setting, once, in `--print-config`'s order. The config file's known keys and checks,
    /// `--help`'s list of keys, the flags over the file and `--print-config` read this list, and
    /// `SettingNameTests` fails when `--help`, the man page or the README leave one out.
    /// Computed: key paths and closures are not `Sendable`, which a `static let` must be.
    static var all: [Setting] {
        [
            Setting("source", \.source, flag: \.source, check: GalleryCommand.sourceProblem),
            Setting("render", \.render, flag: \.render),
            Setting("thumb_size", \.thumbSize, flag: \.thumbSize),
            Setting("per_page", \.perPage, flag: \.perPage, check: GalleryCommand.perPageProblem),
            Setting("theme", \.theme, flag: \.theme),
            Setting("fit", \.fit, flag: \.fit),
            Setting("sort", \.sort, flag: \.sort),
            Setting("reverse", \.reverse, flag: \.reverse),
            Setting(optional: "since", \.since, flag: \.since),
            Setting(optional: "until", \.until, flag: \.until),
            Setting("group", \.group, flag: \.group),
            Setting("min_rating", \.minRating, flag: \.minRating, check: GalleryCommand.minRatingProblem),
            Setting("picked", \.picked, flag: \.picked),
            Setting("terminal_scroll", \.terminalScroll, flag: \.terminalScroll),
            Setting(secret: "unsplash_access_key", \.unsplashAccessKey, flag: \.unsplashAccessKey),
        ]
    }

    /// The key in `config.toml`.
    let key: String
    /// Sets the file's `value` in `values`; else what is wrong with it ("must be …, got …").
    let read: (_ value: any TOMLValueConvertible, _ values: inout SettingValues) -> String?
    /// Sets the flag's value in `values` when the flag was given.
    let applyFlag: (GalleryCommand, inout SettingValues) -> Void
    /// The line `--print-config` writes.
    let line: (SettingValues) -> String

    /// The command-line flag: the key with dashes.
    var flag: String { "--" + String(key.map { $0 == "_" ? "-" : $0 }) }

    init<Value: SettingValue>(_ key: String, _ field: WritableKeyPath<SettingValues, Value>,
                              flag: KeyPath<GalleryCommand, Value?>, check: @escaping (Value) -> String? = { _ in nil }) {
        self.init(key: key, field: field, flag: flag, kept: { $0 }, check: check, line: { "\(key) = \($0.toml)" })
    }

    /// Unset unless given: printed as a comment when unset.
    init<Value: SettingValue>(optional key: String, _ field: WritableKeyPath<SettingValues, Value?>,
                              flag: KeyPath<GalleryCommand, Value?>) {
        self.init(key: key, field: field, flag: flag, kept: { $0 }, check: { _ in nil }, line: { value in
            value.map { "\(key) = \($0.toml)" } ?? "# \(key) = \"...\"  (not set)"
        })
    }

    /// A secret, unset unless given: printed masked (`Settings.masked`), or as a comment when unset.
    init(secret key: String, _ field: WritableKeyPath<SettingValues, String?>, flag: KeyPath<GalleryCommand, String?>) {
        self.init(key: key, field: field, flag: flag, kept: { $0 }, check: { _ in nil }, line: { value in
            value.map { "\(key) = \(Settings.masked($0).toml)" } ?? "# \(key) = \"...\"  (not set)"
        })
    }

    /// A `Value` read from the file or the flag is `kept` at `field` (as itself, or in an optional).
    private init<Value: SettingValue, Kept>(key: String, field: WritableKeyPath<SettingValues, Kept>,
                                            flag: KeyPath<GalleryCommand, Value?>, kept: @escaping (Value) -> Kept,
                                            check: @escaping (Value) -> String?, line: @escaping (Kept) -> String) {
        self.key = key
        read = { toml, values in
            do throws(SettingProblem) {
                let value = try Value(toml: toml)
                if let problem = check(value) { return problem }
                values[keyPath: field] = kept(value)
                return nil
            } catch {
                return error.message
            }
        }
        applyFlag = { command, values in
            if let value = command[keyPath: flag] { values[keyPath: field] = kept(value) }
        }
        self.line = { values in line(values[keyPath: field]) }
    }
}

/// What is wrong with a value in `config.toml`: "must be …, got …", after the key.
struct SettingProblem: Error {
    let message: String
}

/// A type a setting's value has: how `config.toml` gives it and `--print-config` writes it.
protocol SettingValue: Equatable {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem)
    /// The value as TOML.
    var toml: String { get }
}

extension String: SettingValue {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        guard let text = value.string else { throw SettingProblem(message: "must be a string, got \(value.type)") }
        self = text
    }

    var toml: String { TOMLString.quoted(self) }
}

extension Int: SettingValue {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        guard let number = value.int else { throw SettingProblem(message: "must be an integer, got \(value.type)") }
        self = number
    }

    var toml: String { "\(self)" }
}

extension Bool: SettingValue {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        guard let truth = value.bool else { throw SettingProblem(message: "must be true or false, got \(value.type)") }
        self = truth
    }

    var toml: String { "\(self)" }
}

/// A choice of names: the config file takes the names the flag takes.
extension SettingValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        let name = try String(toml: value)
        guard let choice = Self(rawValue: name) else {
            let names = Self.allCases.map(\.rawValue)
            // "a or b", "a, b or c"; a longer list as "one of a, b, c, d".
            let choices = names.count > 3 ? "one of " + names.joined(separator: ", ")
                : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            throw SettingProblem(message: "must be \(choices), got '\(name)'")
        }
        self = choice
    }

    var toml: String { TOMLString.quoted(rawValue) }
}

extension RenderModeOption: SettingValue {}
extension ThemeOption: SettingValue {}
extension PictureFit: SettingValue {}
extension SortOption: SettingValue {}
extension TimelineGrouping: SettingValue {}
extension TerminalScrollOption: SettingValue {}

/// `since` and `until`: a date as `t` takes it, month names in the locale's language too.
extension DateQuery: SettingValue {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        let text = try String(toml: value)
        do {
            try self.init(parsing: text, monthNames: MonthNames(environment: ProcessInfo.processInfo.environment))
        } catch {
            throw SettingProblem(message: "must be a date such as \(DateQuery.examples), got '\(text)'")
        }
    }

    var toml: String { TOMLString.quoted(description) }

    /// `--since` / `--until`'s value, whose error names the forms there are.
    static func parseArgument(_ argument: String) throws -> DateQuery {
        do {
            return try DateQuery(parsing: argument, monthNames: MonthNames(environment: ProcessInfo.processInfo.environment))
        } catch {
            throw ValidationError("not a date: try 2023, 2023-07, 2023-07-14, july 2023, 14 jul 2023, yesterday, "
                                  + "last week, last month or last year")
        }
    }
}

extension CellSize: SettingValue {
    init(toml value: any TOMLValueConvertible) throws(SettingProblem) {
        let text = try String(toml: value)
        guard let size = CellSize(thumbSize: text) else { throw SettingProblem(message: "\(Self.thumbSizeProblem), got '\(text)'") }
        self = size
    }

    var toml: String { TOMLString.quoted(description) }
}
