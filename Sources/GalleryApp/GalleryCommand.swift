import ArgumentParser
import Foundation
import Gallery
import InlineViewer

/// The command line. Parsing only: launching lives in `main.swift`.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "A full-screen terminal photo gallery.",
        discussion: """
            Browses a photo catalog as a grid of thumbnails with infinite scroll; Enter opens a \
            detail pane. With no options it opens the built-in demo catalog (no network, no key).

            SOURCES
              demo                the built-in catalog, offline
              unsplash            api.unsplash.com, key in UNSPLASH_ACCESS_KEY
              picsum              picsum.photos, no key needed
              dir PATH, or PATH   a local folder of photos
              URL                 any server with the Unsplash API's shape

            KEYS
            \(KeyHelp.text(for: .standard))

            FILES
              config   $XDG_CONFIG_HOME/gallery/config.toml
                       (else ~/.config/gallery/config.toml): TOML keys
                       source, render, thumb_size, per_page, theme,
                       unsplash_access_key, and a [keys] table that
                       rebinds quit, search and help. Flags win over the
                       file; --print-config shows the result. A bad file
                       stops gallery with FILE:LINE: problem, status 78.
              log      $XDG_STATE_HOME/gallery/gallery.log
                       (else ~/.local/state/gallery/gallery.log)
              photos   d saves to $XDG_DOWNLOAD_DIR (else ~/Downloads)

            ENVIRONMENT
              NO_COLOR   no colours at all (ASCII thumbnails, no accent colours).

            To print images to the terminal instead (like chafa or timg), run \
            'gallery view FILE... [--size COLSxROWS] [--render MODE]'; see 'gallery view --help'.
            """,
        version: "gallery 0.1.0")

    // Settings are optional here so that a flag given wins over the config file and one not
    // given does not; `Settings` supplies the defaults.
    @Option(name: .long, help: ArgumentHelp(
        "Catalog to browse (default demo); see SOURCES.", valueName: "unsplash|picsum|demo|dir|URL"))
    var source: String?

    @Argument(help: ArgumentHelp("A folder of photos to browse.", valueName: "PATH"))
    var folder: String?

    /// The catalog `--source` and the folder argument name; valid after `validate()`.
    var catalog: CatalogChoice {
        get throws { try CatalogChoice.parse(source: source, folder: folder, home: ProcessInfo.processInfo.environment["HOME"]) }
    }

    @Option(name: .long, help: ArgumentHelp("How to draw images. Default: auto.", valueName: "auto|sixel|kitty|iterm|halfblock|ascii"))
    var render: RenderModeOption?

    @Option(name: .long, help: ArgumentHelp(
        "Smallest grid cell, thumbnail plus title line. Default: 24x10.", valueName: "COLSxROWS"))
    var thumbSize: ThumbSize?

    @Option(name: .long, help: ArgumentHelp("Photos per page (1-30). Default: 30.", valueName: "N"))
    var perPage: Int?

    @Option(name: .long, help: ArgumentHelp("Colours for a dark or light terminal background. Default: dark.",
                                            valueName: "dark|light"))
    var theme: ThemeOption?

    @Option(name: .long, help: ArgumentHelp("Unsplash API access key.", valueName: "KEY"))
    var unsplashAccessKey: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write the log to FILE (never to the screen). Default: $XDG_STATE_HOME/gallery/gallery.log.", valueName: "FILE"))
    var log: String?

    @Flag(name: .long, help: "Log debug detail too.")
    var verbose = false

    @Flag(name: .long, help: "Print the effective configuration as TOML (access key masked) and exit.")
    var printConfig = false

    func validate() throws {
        if let perPage, let problem = Self.perPageProblem(perPage) {
            throw ValidationError("--per-page \(problem)")
        }
        _ = try catalog
    }

    /// Why `perPage` is not acceptable, nil when it is (shared with the config file).
    static func perPageProblem(_ perPage: Int) -> String? {
        (1...30).contains(perPage) ? nil : "must be between 1 and 30, got \(perPage)"
    }

    /// Why `source` is not acceptable, nil when it is (shared with the config file).
    static func sourceProblem(_ source: String) -> String? {
        do {
            _ = try CatalogChoice.parse(source: source, folder: nil, home: ProcessInfo.processInfo.environment["HOME"])
            return nil
        } catch {
            let message = "\(error)"
            return message.hasPrefix("--source ") ? String(message.dropFirst("--source ".count)) : message
        }
    }
}
