import ArgumentParser
import Foundation
import Gallery
import Imaging
import InlineViewer
import TerminalVocabulary

/// The command line. Parsing only: launching lives in `main.swift`.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "A full-screen terminal photo gallery.",
        discussion: """
            Browses a photo catalog as a grid of thumbnails with infinite scroll; Enter opens a \
            detail pane. With no options it opens the current folder when it holds photos, else \
            the built-in demo catalog (no network, no key).

            SOURCES
              auto                the current folder when it holds photos (or
                                  folders with photos), else the demo
              demo                the built-in catalog, offline
              unsplash            api.unsplash.com, key in UNSPLASH_ACCESS_KEY
              picsum              picsum.photos, no key needed
              dir PATH, or PATH   a local folder of photos (subfolders first)
              URL                 any server with the Unsplash API's shape

            PATHS
              gallery FOLDER      the folder: Enter opens a subfolder, Backspace or -
                                  goes up; -R shows every photo below it in one grid
              gallery PHOTO       the photo's folder with the photo open (Esc: grid)
              gallery A B C...    exactly these photos and folders
              find ... | gallery -   paths read from stdin, one a line (-0: NUL-
                                  separated); keys are then read from /dev/tty
              gallery --pick PATH...   choose photos for a shell: Space marks, Enter
                                  prints the marked paths (or the selected one) to
                                  stdout and exits 0; q or Esc exits 1. Drawn on
                                  /dev/tty: feh --bg-fill "$(gallery --pick ~/Wallpapers)"
            Local photos are ordered naturally by name (img2 before img10); --sort
            date|taken|size orders by modification time, date taken (EXIF, else the
            modification time) or size, oldest or smallest first; --reverse turns
            it around; s in the grid switches the order. t in the grid jumps to a
            date: 2023, 2023-07, 2023-07-14, july 2023, 14 jul 2023, yesterday,
            last week, last month; --since DATE and --until DATE (the same words)
            show only the photos taken then, and Esc shows them all again.

            RATINGS
            0-5 rate local photos (the marked ones, else the selected one), p picks,
            x rejects, 6-9 set a colour label (red, yellow, green, blue); they are
            kept in an XMP sidecar beside the photo (photo.jpg.xmp, or the photo.xmp
            digiKam or Lightroom wrote), which darktable, digiKam and Lightroom read.
            --min-rating N lists only photos rated N stars or more, --picked only
            picked ones: gallery --pick --min-rating 4 DIR, then v and Enter, prints
            the photos rated 4 or more.

            KEYS
            \(KeyMap.standard.helpText())

            FILES
              config   $XDG_CONFIG_HOME/gallery/config.toml
                       (else ~/.config/gallery/config.toml): TOML keys
                       \(Self.settingKeys),
                       a [keys] table that rebinds quit, search and
                       help, and a [commands] table that binds keys to
                       commands run on the marked photos ("c" = "cp -t
                       ~/Outbox"). Flags win over the file; --print-config shows
                       the result. A bad file stops gallery with
                       FILE:LINE: problem, status 78.
              log      $XDG_STATE_HOME/gallery/gallery.log
                       (else ~/.local/state/gallery/gallery.log)
              photos   d saves to $XDG_DOWNLOAD_DIR (else ~/Downloads)
              thumbs   $XDG_CACHE_HOME/thumbnails (else ~/.cache/thumbnails):
                       local photos' thumbnails, shared with the desktop

            ENVIRONMENT
              NO_COLOR   no colours at all (ASCII thumbnails, no accent colours).

            To print images to the terminal instead (like chafa or timg), run \
            'gallery view FILE... [--size COLSxROWS] [--render MODE]'; see 'gallery view --help'.
            """,
        version: "gallery 0.1.0")

    // Settings are optional here so that a flag given wins over the config file and one not
    // given does not; `SettingValues` supplies the defaults, and `Setting.all` says which flag sets which.
    @Option(name: .long, help: ArgumentHelp(
        "Catalog to browse (default \(SettingValues.standard.source)); see SOURCES.", valueName: "auto|demo|unsplash|picsum|dir|URL"))
    var source: String?

    @Argument(help: ArgumentHelp(
        "A folder, a photo (opened in its folder), several of them (shown exactly), or - to read paths from stdin.",
        valueName: "PATH"))
    var paths: [String] = []

    /// The catalog `--source` and the path arguments name; valid after `validate()`.
    var catalog: CatalogChoice {
        get throws { try CatalogChoice.parse(source: source, paths: paths, home: ProcessInfo.processInfo.environment["HOME"]) }
    }

    @Option(name: .long, help: ArgumentHelp("Order of local photos. Default: \(SettingValues.standard.sort.rawValue) (natural: img2 before img10).",
                                            valueName: "name|date|taken|size"))
    var sort: SortOption?

    @Flag(name: .long, inversion: .prefixedNo, help: "Reverse the order of local photos.")
    var reverse: Bool?

    @Option(name: .long, help: ArgumentHelp(
        "Show only local photos taken on or after DATE: 2023, 2023-07, 2023-07-14, july 2023, yesterday, last week... (as t takes it). Esc clears it.",
        valueName: "DATE"), transform: DateQuery.parseArgument)
    var since: DateQuery?

    @Option(name: .long, help: ArgumentHelp(
        "Show only local photos taken on or before DATE (to its end: 2023-07 is up to 31 July 2023 included). Esc clears it.",
        valueName: "DATE"), transform: DateQuery.parseArgument)
    var until: DateQuery?

    @Option(name: .long, help: ArgumentHelp(
        "Ordered by date (--sort date or taken), a heading before each month, day or year; none for no headings. Default: \(SettingValues.standard.group.rawValue).",
        valueName: "day|month|year|none"))
    var group: TimelineGrouping?

    @Option(name: .long, help: ArgumentHelp(
        "List only local photos rated N stars or more (0-5; the keys 0-5 rate, into XMP sidecars). Default: \(SettingValues.standard.minRating).",
        valueName: "N"))
    var minRating: Int?

    @Flag(name: .long, inversion: .prefixedNo, help: "List only local photos picked (p in the grid).")
    var picked: Bool?

    @Flag(name: [.customShort("R"), .long], help: "Show every photo below the folder in one grid.")
    var recursive = false

    @Flag(name: [.customShort("0"), .customLong("null")], help: "With -, the paths on stdin are separated by NUL bytes (find -print0).")
    var nullSeparated = false

    @Flag(name: .long, help: "Pick photos for a shell pipeline: Space marks, Enter prints the marked paths (or the selected one) and exits 0; q or Esc prints nothing and exits 1. Drawn on /dev/tty, so stdout may be a pipe.")
    var pick = false

    @Flag(name: .long, help: "With --pick, end each path with a NUL byte instead of a newline (xargs -0).")
    var print0 = false

    @Option(name: .long, help: ArgumentHelp("How to draw images. Default: \(SettingValues.standard.render.rawValue).", valueName: "auto|sixel|kitty|iterm|halfblock|ascii"))
    var render: RenderModeOption?

    @Option(name: .long, help: ArgumentHelp(
        "Smallest grid cell, thumbnail plus title line. Default: \(SettingValues.standard.thumbSize).", valueName: "COLSxROWS"),
            transform: CellSize.parseThumbSize)
    var thumbSize: CellSize?

    @Option(name: .long, help: ArgumentHelp("Photos per page (1-30). Default: \(SettingValues.standard.perPage).", valueName: "N"))
    var perPage: Int?

    @Option(name: .long, help: ArgumentHelp("Colours for a dark or light terminal background. Default: \(SettingValues.standard.theme.rawValue).",
                                            valueName: "dark|light"))
    var theme: ThemeOption?

    @Option(name: .long, help: ArgumentHelp(
        "Grid thumbnails: the whole photo in its cell, or cropped to fill it (f switches). Default: \(SettingValues.standard.fit.rawValue).",
        valueName: "contain|crop"))
    var fit: PictureFit?

    @Option(name: .long, help: ArgumentHelp(
        "Scrolling the grid moves the rows on screen and sends only the new one (fast over SSH): auto does so for text, and for pictures where the terminal is known to move them (xterm); on for pictures in any terminal; off draws every row again. Default: \(SettingValues.standard.terminalScroll.rawValue).",
        valueName: "auto|on|off"))
    var terminalScroll: TerminalScrollOption?

    @Option(name: .long, help: ArgumentHelp("Unsplash API access key.", valueName: "KEY"))
    var unsplashAccessKey: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write the log to FILE (never to the screen). Default: $XDG_STATE_HOME/gallery/gallery.log.", valueName: "FILE"))
    var log: String?

    @Flag(name: .long, help: "Log debug detail too.")
    var verbose = false

    @Flag(name: .long, help: "Print the effective configuration as TOML (access key masked) and exit.")
    var printConfig = false

    mutating func validate() throws {
        if let perPage, let problem = Self.perPageProblem(perPage) {
            throw ValidationError("--per-page \(problem)")
        }
        if let minRating, let problem = Self.minRatingProblem(minRating) {
            throw ValidationError("--min-rating \(problem)")
        }
        let catalog = try self.catalog
        if nullSeparated && catalog != .standardInput {
            throw ValidationError("-0 only applies to paths read from stdin: gallery -0 - < list")
        }
        if recursive, case .api = catalog { throw ValidationError("--recursive applies to folders only") }
        if let since, let until {
            let today = DateQuery.today()
            if since.range(today: today).lowerBound >= until.range(today: today).upperBound {
                throw ValidationError("--since \(since) is after --until \(until): no photo is taken in both")
            }
        }
        if print0 && !pick { throw ValidationError("--print0 ends the paths --pick prints: gallery --pick --print0 DIR | xargs -0 ...") }
        if pick {
            // Without paths, the current folder: the config file's source may be a catalog.
            if paths.isEmpty && source == nil { paths = ["."] }
            switch try self.catalog {
            case .folder, .paths, .standardInput: break
            case .automatic, .demo, .unsplash, .picsum, .api:
                throw ValidationError("--pick chooses local files and cannot pick from --source \(source ?? ""): gallery --pick ~/Wallpapers")
            }
        }
    }

    /// Why `perPage` is not acceptable, nil when it is (shared with the config file).
    /// The config file's keys for the FILES section, wrapped as its text is: lines of at most 50
    /// columns, the ones after the first under the first.
    static var settingKeys: String {
        var lines = [""]
        let keys = Setting.all.map(\.key)
        for key in keys {
            let word = key + (key == keys.last ? "" : ",")
            if lines[lines.count - 1].count + 1 + word.count > 50 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: 11))
    }

    static func perPageProblem(_ perPage: Int) -> String? {
        (1...30).contains(perPage) ? nil : "must be between 1 and 30, got \(perPage)"
    }

    /// Why `minRating` is not acceptable, nil when it is (shared with the config file).
    static func minRatingProblem(_ minRating: Int) -> String? {
        (0...5).contains(minRating) ? nil : "must be between 0 and 5 stars, got \(minRating)"
    }

    /// Why `source` is not acceptable, nil when it is (shared with the config file).
    static func sourceProblem(_ source: String) -> String? {
        do {
            _ = try CatalogChoice.parse(source: source, paths: [], home: ProcessInfo.processInfo.environment["HOME"])
            return nil
        } catch {
            let message = "\(error)"
            return message.hasPrefix("--source ") ? String(message.dropFirst("--source ".count)) : message
        }
    }
}
