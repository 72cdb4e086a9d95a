import ArgumentParser
import Glibc
import Imaging

/// `gallery view FILE...`: prints images inline to stdout, one after the other, like chafa or timg,
/// through the same decode / resize / encode pipeline as the gallery's thumbnails.
///
/// Whole-process speed is the point (it is benchmarked against those tools), so this path touches
/// no Foundation, starts no event loop, never queries the terminal and writes each image with one
/// `write`.
public struct ViewCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        // Parsed on its own by `main.swift`, so the name shown in usage is the whole invocation.
        commandName: "gallery view",
        abstract: "Print images inline to stdout, one after the other.",
        discussion: """
            Each image is fitted inside the box, aspect kept. Without --size the box is the \
            terminal's width and height (one row less), or 80x24 when stdout is not a terminal. \
            Without --render the mode comes from the environment: kitty graphics in kitty and \
            Ghostty, iTerm2 images in iTerm2, WezTerm and mintty, sixel where TERM names a sixel \
            terminal (foot, mlterm, *-sixel); text inside tmux or screen and everywhere else: \
            ASCII with NO_COLOR, TERM=dumb, a vt100-like TERM or none, half-blocks otherwise (the \
            terminal is never queried). Sixel, kitty and iTerm2 images are sized in pixels from the \
            terminal's cell size (TIOCGWINSZ), or 10x20 pixels a cell when it does not say.

            A file that cannot be shown is reported on stderr and the others are still printed; \
            the exit status is then 1.
            """)

    @Argument(help: ArgumentHelp("JPEG or PNG files to show.", valueName: "FILE"))
    var files: [String] = []

    @Option(name: .long, help: ArgumentHelp("The box each image must fit in, in cells.", valueName: "COLSxROWS"))
    var size: CellBox?

    @Option(name: .long, help: ArgumentHelp("How to draw the images.", valueName: "sixel|kitty|iterm|halfblock|ascii"))
    var render: InlineRenderMode?

    public init() {}

    public func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE to view") }
    }

    /// Parses `arguments` (those after `view`), prints every file and exits: 0 when all were
    /// shown, 1 when any failed, 64 for a usage error.
    public static func runAndExit(_ arguments: [String]) -> Never {
        let command = parseOrExitWithOneLine(arguments)
        Glibc.exit(command.printImages(environment: { name in getenv(name).map { String(cString: $0) } }) ? 0 : 1)
    }

    /// Prints each file to stdout, reporting failures on stderr; true when every file was shown.
    func printImages(environment variable: (String) -> String?) -> Bool {
        let renderer = InlineImageRenderer(
            mode: render ?? InlineRenderMode.fromEnvironment(variable),
            box: size ?? TerminalWindow.of(descriptor: 1).map(Self.defaultBox) ?? CellBox(columns: 80, rows: 24),
            cellPixels: TerminalWindow.reportedCellPixels() ?? .fallbackCell,
            depth: ColorDepth.fromEnvironment(["TERM", "COLORTERM", "NO_COLOR"].reduce(into: [:]) { env, name in
                env[name] = variable(name)
            }))
        // Ids stay distinct across runs in one kitty window, so a new image never replaces an old one.
        let idBase = UInt32(truncatingIfNeeded: getpid() & 0x3F_FFFF) << 8
        var allShown = true
        var shownSixel = false
        for (index, file) in files.enumerated() {
            do {
                var output = try renderer.render(try FileInput.readAll(file),
                                                 imageID: idBase | UInt32(index % 255 + 1))
                // A sixel image ends where the terminal leaves the cursor below it; the next one
                // starts on a fresh line.
                if renderer.mode == .sixel {
                    if shownSixel { output.insert(UInt8(ascii: "\n"), at: 0) }
                    shownSixel = true
                }
                FileOutput.standardOutput.write(bytes: output)
            } catch {
                allShown = false
                FileOutput.standardError.write("gallery: \(file): \(error)\n")
            }
        }
        return allShown
    }

    /// The whole terminal, less one row so the prompt after the last image does not scroll it away.
    private static func defaultBox(_ window: TerminalWindow) -> CellBox {
        CellBox(columns: window.cells.columns, rows: max(1, window.cells.rows - 1))
    }
}
