import ArgumentParser
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

            KEYS
              arrows, h j k l     move the selection
              PgUp / PgDn         scroll a screenful
              g / G, Home / End   first / last photo
              Enter               open the detail pane
              Esc, Backspace      back to the grid
              q, Ctrl-C           quit

            To print images to the terminal instead (like chafa or timg), run \
            'gallery view FILE... [--size COLSxROWS] [--render MODE]'; see 'gallery view --help'.
            """,
        version: "gallery 0.1.0")

    @Option(name: .long, help: ArgumentHelp(
        "Catalog to browse: 'demo' (built in, offline) or the base URL of an Unsplash-compatible API.",
        valueName: "demo|URL"))
    var source: String = "demo"

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
        if source != "demo" {
            let lower = source.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), source.count > "https://".count else {
                throw ValidationError("--source must be 'demo' or an http(s) URL, got '\(source)'")
            }
        }
    }
}
