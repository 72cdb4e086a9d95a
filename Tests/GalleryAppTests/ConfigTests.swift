import Foundation
import Gallery
import Imaging
import OperatingSystem
import TUI
import TestSupport
import Testing
@testable import GalleryApp
import ArgumentParser
import TerminalVocabulary

@Suite("Configuration")
struct ConfigTests {
    let path = "/home/u/.config/gallery/config.toml"

    func settings(_ flags: [String], file: ConfigFile?) throws -> Settings {
        Settings(command: try GalleryCommand.parse(flags), file: file, configPath: path,
                 environment: ["HOME": "/home/u"])
    }

    func parseError(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigFile.parse(text, path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEverySetting() throws {
        let file = try ConfigFile.parse("""
            # my gallery
            source = "https://api.example.test"
            render = "ascii"
            thumb_size = "30x12"
            per_page = 20
            theme = "light"
            unsplash_access_key = "secret-key-1234"

            [keys]
            quit = "X"
            search = "ctrl-f"
            help = "H"
            """, path: path)
        #expect(file == ConfigFile(values: SettingValues(source: "https://api.example.test", render: .ascii,
                                                         thumbSize: CellSize(columns: 30, rows: 12), perPage: 20, theme: .light,
                                                         unsplashAccessKey: "secret-key-1234"),
                                   keys: ["quit": .character("X"), "search": .ctrl("f"), "help": .character("H")]))
        let effective = try settings([], file: file)
        var rebound = KeyMap.standard
        rebound.rebind(.quit, to: "X")
        rebound.rebind(.search, to: .ctrl("f"))
        rebound.rebind(.help, to: "H")
        #expect(effective.keys == rebound)
        #expect(effective.keys.keys(of: .quit) == ["X", KeyMap.interrupt], "Ctrl-C still quits")
        #expect(effective.perPage == 20)
    }

    @Test func flagsWinOverTheFileAndTheFileOverDefaults() throws {
        let file = try ConfigFile.parse("per_page = 20\ntheme = \"light\"\nunsplash_access_key = \"abcdefgh\"\n", path: path)
        let effective = try settings(["--per-page", "5", "--thumb-size", "40x15", "--verbose"], file: file)
        #expect(effective.perPage == 5)
        #expect(effective.theme == .light)
        #expect(effective.thumbSize == CellSize(columns: 40, rows: 15))
        #expect(effective.unsplashAccessKey == "abcdefgh")
        #expect(effective.source == "auto")
        #expect(effective.verbose)
        #expect(try settings(["--theme", "dark", "--unsplash-access-key", "k2"], file: file).theme == .dark)
        #expect(try settings(["--unsplash-access-key", "k2"], file: file).unsplashAccessKey == "k2")
        #expect(try settings([], file: nil) == Settings(command: try GalleryCommand.parse([]), file: nil,
                                                         configPath: nil, environment: ["HOME": "/home/u"]))
    }

    @Test func theFitComesFromTheFileThenTheFlag() throws {
        #expect(try settings([], file: nil).fit == .contain)
        let file = try ConfigFile.parse("fit = \"crop\"\n", path: path)
        #expect(file.values.fit == .crop)
        #expect(try settings([], file: file).fit == .crop)
        #expect(try settings(["--fit", "contain"], file: file).fit == .contain)
        #expect(try settings([], file: file).toml.contains("fit = \"crop\""))
        #expect(parseError("fit = \"stretch\"\n")?.message == "fit must be crop or contain, got 'stretch'")
    }

    /// `--group`: month unless told; the file's `group`, then the flag; the grid of a name or size
    /// order has no dates, so no headings whatever it says (`DateSectionsTests`).
    @Test func theGroupComesFromTheFileThenTheFlag() throws {
        #expect(try settings([], file: nil).group == .month)
        let file = try ConfigFile.parse("group = \"day\"\n", path: path)
        #expect(try settings([], file: file).group == .day)
        #expect(try settings(["--group", "none"], file: file).group == TimelineGrouping.none)
        #expect(try settings(["--group", "year"], file: nil).group == .year)
        #expect(try settings([], file: file).toml.contains("group = \"day\""))
        #expect(parseError("group = \"week\"\n")?.message == "group must be one of day, month, year, none, got 'week'")
        #expect(throws: (any Error).self) { try GalleryCommand.parse(["--group", "week"]) }
    }

    @Test func terminalScrollComesFromTheFileThenTheFlagAndMeetsTheTerminal() throws {
        #expect(try settings([], file: nil).terminalScroll == .auto)
        let file = try ConfigFile.parse("terminal_scroll = \"off\"\n", path: path)
        #expect(try settings([], file: file).terminalScroll == .off)
        #expect(try settings(["--terminal-scroll", "on"], file: file).terminalScroll == .on)
        #expect(try settings([], file: file).toml.contains("terminal_scroll = \"off\""))
        #expect(parseError("terminal_scroll = \"yes\"\n")?.message == "terminal_scroll must be auto, on or off, got 'yes'")
        var xterm = TerminalCapabilities(sixel: true)
        xterm.regionScrolling = .picturesMovingUp
        let unknown = TerminalCapabilities(sixel: true)
        #expect(TerminalScrollOption.auto.regionScrolling(capabilities: xterm) == .picturesMovingUp)
        #expect(TerminalScrollOption.auto.regionScrolling(capabilities: unknown) == .text)
        #expect(TerminalScrollOption.on.regionScrolling(capabilities: unknown) == .pictures)
        #expect(TerminalScrollOption.off.regionScrolling(capabilities: xterm) == .never)
    }

    @Test func badFilesNameTheLineAndTheProblem() {
        let cases: [(String, Int?, String)] = [
            ("source = \"demo\"\nper_page = \"many\"\n", 2, "per_page must be an integer, got string"),
            ("per_page = 99\n", 1, "per_page must be between 1 and 30, got 99"),
            ("min_rating = 6\n", 1, "min_rating must be between 0 and 5 stars, got 6"),
            ("\n\nrender = \"crayon\"\n", 3, "render must be one of auto, sixel, kitty, iterm, halfblock, ascii, got 'crayon'"),
            ("colour = \"red\"\n", 1, "unknown key 'colour'"),
            ("thumb_size = \"big\"\n", 1, "thumb_size must be COLSxROWS"),
            ("theme = \"sepia\"\n", 1, "theme must be dark or light"),
            ("source = \"ftp://x\"\n", 1, "source must be auto, demo, unsplash, picsum, dir PATH or an http(s) URL"),
            ("[keys]\nquit = \"X\"\nfly = \"f\"\n", 3, "unknown action 'fly' in [keys]"),
            ("[keys]\nquit = \"escape\"\n", 2, "keys.quit must be one character"),
            ("[keys]\nquit = \"/\"\n", 2, "keys.quit: '/' already means search"),
            ("[keys]\nhelp = \"j\"\n", 2, "keys.help: 'j' already means move the selection"),
            // Keys the old list of fixed keys left out: every binding of the key map counts.
            ("[keys]\nquit = \"u\"\n", 2, "keys.quit: 'u' already means undo the last move to the trash or to a folder"),
            ("[keys]\nsearch = \"v\"\n", 2, "keys.search: 'v' already means mark / unmark; invert the marks"),
            ("[keys]\nhelp = \"D\"\n", 2, "keys.help: 'D' already means move marked (else selected) items to the trash"),
            ("[keys]\nquit = \"R\"\n", 2, "keys.quit: 'R' already means rename the file or folder"),
            ("[keys]\nquit = \"ctrl-l\"\n", 2, "keys.quit: 'Ctrl-L' already means draw the whole screen again"),
            ("[keys]\nsearch = \"X\"\nquit = \"X\"\n", 2, "keys.search: 'X' already means quit"),
            ("keys = 3\n", 1, "keys must be a table"),
            // A command's key must be free where the grid's and the detail pane's keys are.
            ("[commands]\n\"e\" = \"gimp\"\n\"q\" = \"true\"\n", 3, "commands.q: 'q' already means quit"),
            ("[commands]\ns = \"true\"\n", 2, "commands.s: 's' already means sort: name, date, date taken, size; reversed (local)"),
            // A command runs in the detail pane too: a key the pane uses is taken.
            ("[commands]\nw = \"true\"\n", 2, "commands.w: 'w' already means zoom in / out; 100 %; fit the pane (detail pane)"),
            ("[commands]\n\"ctrl-l\" = \"true\"\n", 2, "commands.ctrl-l: 'Ctrl-L' already means draw the whole screen again"),
            ("[commands]\n\":\" = \"true\"\n", 2, "commands.:: ':' already means run a command on marked (else selected) photos"),
            ("[keys]\nquit = \"c\"\n[commands]\nc = \"cp -t ~/Outbox\"\n", 4, "commands.c: 'c' already means quit"),
            ("[commands]\nc = 3\n", 2, "commands.c must be a string: the command to run"),
            ("[commands]\nenter = \"true\"\n", 2, "commands: 'enter' is not a key: one character or \"ctrl-<letter>\""),
            ("[commands]\nc = \"echo 'x\"\n", 2, "commands.c: a ' is not closed"),
            ("[commands]\nc = \"  \"\n", 2, "commands.c: there is no command"),
            ("commands = \"x\"\n", 1, "commands must be a table"),
            ("per_page = 10\nsource = \"demo\n", 2, "Error while parsing string"),
            ("per_page = 10\nper_page = 11\n", 2, "cannot redefine"),
        ]
        for (text, line, message) in cases {
            let error = parseError(text)
            #expect(error?.path == path, "\(text)")
            #expect(error?.line == line, "\(text): \(String(describing: error))")
            #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
            if let error, let line {
                #expect(error.description.hasPrefix("\(path):\(line): "))
            }
        }
    }

    @Test func aMissingFileIsNoConfigAndAnUnreadableOneIsAnError() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/gallery/config.toml") == nil)
        let scratch = try TemporaryDirectory(), dir = scratch.path
        defer { scratch.remove() }
        let file = dir + "/config.toml"
        try Data([0x66, 0x6F, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: file))
        #expect(throws: ConfigError(path: file, line: nil, message: "is not UTF-8 text")) { try ConfigFile.load(path: FilePath(file)) }
        // A FIFO in its place is refused by its type: read, it would wait for a writer for ever.
        let fifo = dir + "/fifo.toml"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ConfigError(path: fifo, line: nil, message: "cannot be read: a FIFO, not a file")) { try ConfigFile.load(path: FilePath(fifo)) }
    }

    @Test func printedConfigMasksTheKeyAndReadsBack() throws {
        let file = try ConfigFile.parse("""
            per_page = 12
            unsplash_access_key = "AbCdEfGhIjKl9876"
            [keys]
            quit = "X"
            """, path: path)
        let effective = try settings(["--render", "halfblock", "--source", "http://localhost:1/a \"b\""], file: file)
        let toml = effective.toml
        #expect(toml.contains("unsplash_access_key = \"****9876\""))
        #expect(!toml.contains("AbCdEfGh"))
        #expect(toml.contains("# log file: /home/u/.local/state/gallery/gallery.log"))
        let back = try ConfigFile.parse(toml, path: "printed")
        #expect(back.values.perPage == 12)
        #expect(back.values.render == .halfblock)
        #expect(back.values.source == "http://localhost:1/a \"b\"")
        #expect(back.keys["quit"] == .character("X"))
        #expect(back.values.unsplashAccessKey == "****9876")
        #expect(Settings.masked("abc") == "****")
    }

    /// A folder given on the command line is printed as the folder's absolute path, which the
    /// printed file opens again: `source = "dir"` alone would be refused.
    @Test func printedConfigNamesTheFolderOpened() throws {
        let here = CurrentProcess.workingDirectory
        for (flags, folder) in [(["--source", "dir", "/photos/2023"], FilePath("/photos/2023")),
                                (["Pictures"], here.appending("Pictures")),
                                (["--source", "dir", "a b"], here.appending("a b"))] {
            let printed = try settings(flags, file: nil).toml
            let back = try ConfigFile.parse(printed, path: "printed")
            #expect(back.values.source == folder.text, "\(flags)")
            #expect(try CatalogChoice.parse(source: back.values.source, paths: [], home: "/home/u") == .folder(try #require(folder.text)))
        }
        #expect(try settings(["--source", "demo"], file: nil).source == "demo")
        #expect(try settings(["a.jpg", "b.jpg"], file: nil).source == "auto")
    }

    /// `since` and `until` take the words `t` does; a bad one is answered with the forms there are.
    @Test func sinceAndUntilAreDates() throws {
        let file = try ConfigFile.parse("since = \"last month\"\nuntil = \"14 jul 2023\"\n", path: path)
        let read = try settings([], file: file)
        #expect(read.since == DateQuery(.relative(.lastMonth)) && read.until == DateQuery(.day(year: 2023, month: 7, day: 14)))
        #expect(try settings(["--since", "2023"], file: file).since == DateQuery(.year(2023)))
        #expect(read.toml.contains("since = \"last month\"\nuntil = \"2023-07-14\""))
        #expect(try settings([], file: nil).toml.contains("# since = \"...\"  (not set)"))
        #expect(parseError("since = \"julyy\"\n")?.message == "since must be a date such as 2023-07, july 2023 or yesterday, got 'julyy'")
        #expect(parseError("until = 2023\n")?.message == "until must be a string, got integer")
    }

    @Test func commandsAreBoundInTheGridAndThePaneInTheFilesOrderAndPrintedBack() throws {
        let file = try ConfigFile.parse("""
            [commands]
            "e" = "gimp"
            "c" = "cp -t ~/Outbox 'a b'"
            "ctrl-x" = "true"
            """, path: path, home: "/home/u")
        let copy = try UserCommand("cp -t ~/Outbox 'a b'", home: "/home/u")
        #expect(copy.words == ["cp", "-t", "/home/u/Outbox", "a b"])
        #expect(file.commands.map(\.key) == ["e", "c", .ctrl("x")])
        #expect(file.commands[1].command == copy)
        let effective = try settings([], file: file)
        #expect(effective.keys.actions(for: "c", in: .grid) == [.run(copy)])
        #expect(effective.keys.actions(for: "c", in: .detail) == [.run(copy)], "commands run in the detail pane too")
        #expect(effective.keys.helpRows.contains { $0.keys == "c" && $0.action == "run cp -t ~/Outbox 'a b'" })
        let back = try ConfigFile.parse(effective.toml, path: "printed", home: "/home/u")
        #expect(back.commands == file.commands)
    }

    @Test func everySettingIsSetByItsFlagAndReadBackFromWhatPrintConfigWrites() throws {
        let changed = SettingValues(source: "picsum", render: .kitty, thumbSize: CellSize(columns: 30, rows: 12), perPage: 7,
                                    theme: .light, fit: .crop, sort: .taken, reverse: true,
                                    since: DateQuery(.month(year: 2023, month: 7)), until: DateQuery(.relative(.lastWeek)), group: .year,
                                    minRating: 3, picked: true,
                                    terminalScroll: .off,
                                    unsplashAccessKey: "key-1234")
        let defaults = Mirror(reflecting: SettingValues()).children.map { "\($0.value)" }
        #expect(zip(Mirror(reflecting: changed).children.map { "\($0.value)" }, defaults).allSatisfy(!=),
                "each value differs from its default, or its flag and line would go untested")
        let flagged = try settings(["--source", "picsum", "--render", "kitty", "--thumb-size", "30x12", "--per-page", "7",
                                    "--theme", "light", "--fit", "crop", "--sort", "taken", "--reverse", "--group", "year",
                                    "--since", "july 2023", "--until", "last week", "--min-rating", "3", "--picked",
                                    "--terminal-scroll", "off", "--unsplash-access-key", "key-1234"], file: nil)
        #expect(flagged.values == changed)
        var masked = changed
        masked.unsplashAccessKey = "****1234"
        #expect(try ConfigFile.parse(flagged.toml, path: "printed").values == masked)
    }

    @Test func pathsFollowXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/gallery/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/gallery/config.toml")
        #expect(Settings.defaultLogPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/gallery/gallery.log")
        #expect(Settings.defaultLogPath(environment: ["HOME": "/h"]) == "/h/.local/state/gallery/gallery.log")
    }

    @Test func thumbSizeAndThemeArguments() {
        #expect(CellSize(thumbSize: "24x10") == CellSize(columns: 24, rows: 10))
        #expect(CellSize(thumbSize: "8X3") == CellSize(columns: 8, rows: 3))
        for bad in ["24", "x10", "24x", "0x10", "24x1", "-3x4", "24x10x2"] { #expect(CellSize(thumbSize: bad) == nil, "\(bad)") }
        #expect(ThemeOption.light.terminalTheme(environment: [:]) == .light)
        #expect(ThemeOption.light.terminalTheme(environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(ThemeOption.dark.terminalTheme(environment: ["NO_COLOR": ""]) == .dark)
    }

    @Test func keyNames() {
        #expect(KeyMap.key(named: "q") == .character("q"))
        #expect(KeyMap.key(named: "Ctrl-K") == .ctrl("k"))
        #expect(KeyMap.key(named: "ctrl-") == nil)
        #expect(KeyMap.key(named: "qq") == nil)
        #expect(KeyMap.key(named: " ") == nil)
        #expect(KeyMap.key(named: "\u{7}") == nil)
        #expect(KeyMap.configName(of: .ctrl("k")) == "ctrl-k")
    }
}
