import ArgumentParser
import Foundation
import Gallery

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
              dir PATH, or PATH   a local folder of JPEG/PNG files
              URL                 any server with the Unsplash API's shape

            KEYS
              arrows, h j k l     move the selection
              PgUp / PgDn         scroll a screenful
              g / G, Home / End   first / last photo
              Enter               open the detail pane
              Esc, Backspace      back to the grid
              q, Ctrl-C           quit
            """,
        version: "gallery 0.1.0")

    @Option(name: .long, help: ArgumentHelp(
        "Catalog to browse (default demo); see SOURCES.", valueName: "unsplash|picsum|demo|dir|URL"))
    var source: String?

    @Argument(help: ArgumentHelp("A folder of JPEG/PNG files to browse.", valueName: "PATH"))
    var folder: String?

    /// The catalog `--source` and the folder argument name; valid after `validate()`.
    var catalog: CatalogChoice {
        get throws { try CatalogChoice.parse(source: source, folder: folder, home: ProcessInfo.processInfo.environment["HOME"]) }
    }

    @Option(name: .long, help: ArgumentHelp("How to draw images.", valueName: "auto|halfblock|ascii"))
    var render: RenderModeOption = .auto

    @Option(name: .long, help: ArgumentHelp("Photos per page (1-30).", valueName: "N"))
    var perPage: Int = 30

    @Option(name: .long, help: ArgumentHelp("Write a log to FILE (never to the screen).", valueName: "FILE"))
    var log: String?

    func validate() throws {
        guard (1...30).contains(perPage) else {
            throw ValidationError("--per-page must be between 1 and 30, got \(perPage)")
        }
        _ = try catalog
    }
}

extension ParsableCommand {
    /// Parses `arguments`. Help and version print and exit 0; any usage error prints one line on
    /// stderr and exits 64, before the terminal is touched.
    static func parseOrExitWithOneLine(_ arguments: [String]) -> Self {
        do {
            return try parse(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = self.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let trimmed = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            FileOutput.standardError.write("gallery: \(trimmed) (see 'gallery --help')\n")
            Self.exit(withError: ExitCode(code.rawValue))
        }
    }
}
