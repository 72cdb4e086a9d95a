import Testing
@testable import InlineViewer
import TerminalVocabulary

@Suite struct ViewArgumentsTests {
    func parse(_ arguments: [String]) throws(ViewArguments.UsageError) -> ViewArguments.Request {
        try ViewArguments.parse(arguments)
    }

    func error(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func filesAndOptionsInAnyOrder() throws {
        let expected = ViewArguments(files: ["a.jpg", "b.png"], size: CellSize(columns: 24, rows: 8), render: .sixel)
        #expect(try parse(["a.jpg", "--size", "24x8", "b.png", "--render", "sixel"]) == .view(expected))
        #expect(try parse(["--render=sixel", "--size=24X8", "a.jpg", "b.png"]) == .view(expected))
        // The last of a repeated option wins; `--` makes the rest files, `-` is a file.
        #expect(try parse(["--render", "ascii", "--render", "kitty", "--", "--size", "-"])
                == .view(ViewArguments(files: ["--size", "-"], size: nil, render: .kitty)))
    }

    @Test func helpWinsWherever() throws {
        #expect(try parse(["-h"]) == .help)
        #expect(try parse(["a.jpg", "--help", "--bogus"]) == .help)
        #expect(ViewArguments.help.contains("USAGE: gallery view <FILE> ..."))
        for mode in RenderMode.allCases { #expect(ViewArguments.help.contains(mode.rawValue)) }
    }

    @Test func usageErrorsSayWhatIsWrongInOneLine() {
        #expect(error([]) == "no FILE to view")
        #expect(error(["--bogus", "a.jpg"]) == "unknown option '--bogus'")
        #expect(error(["a.jpg", "--render"]) == "missing value for '--render <sixel|kitty|iterm|halfblock|ascii>'")
        #expect(error(["--size", "24", "a.jpg"])
                == "the value '24' is invalid for '--size <COLSxROWS>': give columns and rows, like 24x8")
        #expect(error(["--size=0x8", "a.jpg"])?.hasPrefix("the value '0x8' is invalid") == true)
        #expect(error(["--render", "crayon", "a.jpg"])
                == "the value 'crayon' is invalid for '--render <sixel|kitty|iterm|halfblock|ascii>': one of 'sixel', 'kitty', 'iterm', 'halfblock', 'ascii'")
        #expect(error(["--size"])?.contains("\n") == false)
    }
}
