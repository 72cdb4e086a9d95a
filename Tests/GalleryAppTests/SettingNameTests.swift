import ArgumentParser
import Foundation
import Testing
@testable import GalleryApp

/// Each setting is declared once (`Setting.all`); what shows settings to people is checked
/// against that declaration.
@Suite struct SettingNameTests {
    @Test func everySettingHasItsFlagKeyAndPrintedLine() throws {
        let help = GalleryCommand.helpMessage(columns: 200)
        let printed = Settings(command: try GalleryCommand.parse(["--unsplash-access-key", "k", "--since", "2023",
                                                                                "--until", "2024"]), file: nil, configPath: nil,
                               environment: ["HOME": "/h"]).toml
        let printedKeys = printed.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return line[..<equals].trimmingCharacters(in: .whitespaces)
        }
        #expect(Array(printedKeys.prefix(Setting.all.count)) == Setting.all.map(\.key),
                "--print-config lists the settings in their declared order")
        #expect(Mirror(reflecting: SettingValues()).children.count == Setting.all.count, "every value has its line in Setting.all")
        for setting in Setting.all {
            #expect(help.contains(setting.flag + " "), "--help has \(setting.flag)")
            #expect(help.contains(setting.key), "--help's FILES names the config key \(setting.key)")
            #expect(ConfigFile.topLevelKeys.contains(setting.key))
        }
    }

    @Test func theReadmeAndTheManPageShowEverySetting() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let manual = try String(contentsOf: repository.appendingPathComponent("docs/gallery.1"), encoding: .utf8)
        for setting in Setting.all {
            #expect(readme.contains("\n\(setting.key) = "), "README's config example sets \(setting.key)")
            #expect(readme.contains(setting.flag), "README names \(setting.flag)")
            // mdoc writes a flag as `Fl -name`.
            #expect(manual.contains("Fl " + setting.flag.dropFirst()), "docs/gallery.1 has \(setting.flag)")
            #expect(manual.contains(setting.key), "docs/gallery.1 names \(setting.key)")
        }
    }

    /// The README's config example is a file gallery reads, and it shows the defaults (but for the
    /// settings unset by default, the key and the dates, which have none): what a reader copies is
    /// what they already have.
    @Test func theReadmesConfigExampleIsReadAndShowsTheDefaults() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```toml\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[start.upperBound..<end.lowerBound])
        let file = try ConfigFile.parse(example, path: "README.md")
        let read = try Settings(command: GalleryCommand.parse([]), file: file, configPath: nil, environment: ["HOME": "/h"])
        let standard = Settings(command: try GalleryCommand.parse([]), file: nil, configPath: nil, environment: ["HOME": "/h"])
        for setting in Setting.all where !setting.line(standard.values).hasPrefix("#") {
            #expect(setting.line(read.values) == setting.line(standard.values), "README's \(setting.key) is not the default")
        }
    }
}

