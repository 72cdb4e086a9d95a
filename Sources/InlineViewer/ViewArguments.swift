import TerminalVocabulary
/// `gallery view`'s command line, parsed by hand. ArgumentParser's reflection over the command's
/// properties was a large part of what a whole `gallery view` process costs for a small picture
/// (BENCHMARKS.md), in a command timed as a whole process against chafa and timg.
struct ViewArguments: Equatable {
    var files: [String] = []
    var size: CellSize?
    var render: RenderMode?

    /// What a command line asks for.
    enum Request: Equatable {
        case view(ViewArguments)
        case help
    }

    /// A command line that cannot be run; `description` is one line for stderr.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Parses the arguments after `view`: files, `--size COLSxROWS`, `--render MODE` (also as
    /// `--size=…`), `-h`/`--help`; `--` ends the options.
    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var parsed = ViewArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.files.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { return .help }
            let (name, inlineValue) = split(argument)
            guard let option = Option(rawValue: name) else {
                throw UsageError(description: "unknown option '\(name)'")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(description: "missing value for '\(option.usage)'")
            }
            switch option {
            case .size:
                guard let box = CellSize(argument: value) else { throw option.invalid(value) }
                parsed.size = box
            case .render:
                guard let mode = RenderMode(rawValue: value) else { throw option.invalid(value) }
                parsed.render = mode
            }
        }
        guard !parsed.files.isEmpty else { throw UsageError(description: "no FILE to view") }
        return .view(parsed)
    }

    /// `--name=value` into its name and value; other arguments have no value of their own.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private enum Option: String {
        case size = "--size", render = "--render"

        var usage: String {
            switch self {
            case .size: return "--size <COLSxROWS>"
            case .render: return "--render <\(RenderMode.allCases.map(\.rawValue).joined(separator: "|"))>"
            }
        }

        func invalid(_ value: String) -> UsageError {
            switch self {
            case .size:
                return UsageError(description: "the value '\(value)' is invalid for '\(usage)': give columns and rows, like 24x8")
            case .render:
                let modes = RenderMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                return UsageError(description: "the value '\(value)' is invalid for '\(usage)': one of \(modes)")
            }
        }
    }

    /// What `gallery view --help` prints.
    static let help = """
        OVERVIEW: Print images inline to stdout, one after the other.

        Each image is fitted inside the box, aspect kept. Without --size the box is the
        terminal's width and height (one row less), or 80x24 when stdout is not a
        terminal. Without --render the mode comes from the environment: kitty graphics
        in kitty and Ghostty, iTerm2 images in iTerm2, WezTerm and mintty, sixel where
        TERM names a sixel terminal (foot, mlterm, *-sixel); text inside tmux or screen
        and everywhere else: ASCII with NO_COLOR, TERM=dumb, a vt100-like TERM or none,
        half-blocks otherwise (the terminal is never queried). Sixel, kitty and iTerm2
        images are sized in pixels from the terminal's cell size (TIOCGWINSZ), or 10x20
        pixels a cell when it does not say.

        A video (MP4, MOV, M4V, MKV, WebM, AVI, 3GP) plays in place without sound
        at its own frame rate, dropping frames rather than falling behind, until q,
        Esc or Ctrl-C, when it is the only file and stdin and stdout are a terminal
        (an animated GIF or WebP plays the same way); otherwise its poster is printed:
        its cover picture, or a keyframe a little way in.

        A picture is at most 4096 pixels a side (text: 4096 columns, 2048 rows), and
        a file at most 256 MB. A file that cannot be shown is reported on stderr and
        the others are still printed; the exit status is then 1.

        USAGE: gallery view <FILE> ... [--size <COLSxROWS>] [--render <sixel|kitty|iterm|halfblock|ascii>]

        ARGUMENTS:
          <FILE>                  Pictures to show (JPEG, PNG, WebP, GIF, TIFF, BMP, HEIC, AVIF,
                                  JPEG XL, camera RAW: DNG, CR2, CR3, NEF, ARW, RAF, ORF,
                                  RW2, PEF, SRW) and videos.

        OPTIONS:
          --size <COLSxROWS>      The box each image must fit in, in cells.
          --render <sixel|kitty|iterm|halfblock|ascii>
                                  How to draw the images.
          -h, --help              Show help information.

        """
}
