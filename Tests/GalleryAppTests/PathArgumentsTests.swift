import OperatingSystem
import Foundation
import Gallery
import Testing
@testable import GalleryApp
import ArgumentParser

@Suite("Path arguments and order")
struct PathArgumentsTests {
    private func choice(_ arguments: [String]) throws -> CatalogChoice {
        try GalleryCommand.parse(arguments).catalog
    }

    @Test func onePathSeveralPathsOrStandardInput() throws {
        #expect(try choice(["photo.jpg"]) == .folder("photo.jpg"))
        #expect(try choice(["~/Pictures"]) == .folder((ProcessInfo.processInfo.environment["HOME"] ?? "") + "/Pictures"))
        #expect(try choice(["a.jpg", "b", "c.png"]) == .paths(["a.jpg", "b", "c.png"]))
        #expect(try choice(["-"]) == .standardInput)
        #expect(try choice(["-0", "-"]) == .standardInput)
        #expect(try choice(["--source", "dir", "x", "y"]) == .paths(["x", "y"]))
        #expect(try choice([]) == .automatic)
        #expect(try choice(["--source", "auto"]) == .automatic)
        #expect(try choice(["--source", "demo"]) == .demo)
    }

    @Test func misusedPathsSayWhatToDo() {
        #expect(usageError(["-", "a.jpg"])?.contains("'-' reads the paths from stdin and goes alone") == true)
        #expect(usageError(["--source", "demo", "-"])?.contains("cannot go with --source demo") == true)
        #expect(usageError(["--source", "demo", "a.jpg"])?.contains("paths go alone or after --source dir") == true)
        #expect(usageError(["-0", "folder"])?.contains("-0 only applies to paths read from stdin") == true)
        #expect(usageError(["--sort", "colour"])?.contains("'name', 'date', 'taken' or 'size'") == true)
    }

    @Test func standardInputListsOneALineOrNULSeparated() throws {
        #expect(PathList.parse(Array("a.jpg\n\nb c.jpg\r\n/x/y.png".utf8), nullSeparated: false) == ["a.jpg", "b c.jpg", "/x/y.png"])
        #expect(PathList.parse(Array("new\nline.jpg\0b.jpg\0".utf8), nullSeparated: true) == ["new\nline.jpg", "b.jpg"])
        #expect(PathList.parse([], nullSeparated: false).isEmpty)
        // A name in another encoding is kept as its bytes, not read as a look-alike.
        #expect(PathList.parse(Array("a.jpg\nc".utf8) + [0xFF] + Array(".jpg\n".utf8), nullSeparated: false)
                == ["a.jpg", FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8))])
        #expect(PathListError.empty.description.contains("| gallery -"))
    }

    @Test func sortAndReverseFromFlagsAndTheConfigFile() throws {
        let path = "/home/u/.config/gallery/config.toml"
        let file = try ConfigFile.parse("sort = \"taken\"\nreverse = true\n", path: path)
        #expect(file.values.sort == .taken && file.values.reverse)
        let fromFile = Settings(command: try GalleryCommand.parse([]), file: file, configPath: path, environment: [:])
        #expect(fromFile.sort == .taken && fromFile.reverse)
        #expect(fromFile.toml.contains("sort = \"taken\"\nreverse = true"))
        let flags = Settings(command: try GalleryCommand.parse(["--sort", "size", "--no-reverse", "-R"]), file: file,
                             configPath: path, environment: [:])
        #expect(flags.sort == .size && !flags.reverse)
        #expect(try GalleryCommand.parse(["-R"]).recursive)
        #expect(SortOption.date.order == .date)
        #expect(throws: ConfigError(path: path, line: 1, message: "sort must be one of name, date, taken, size, got 'age'")) {
            try ConfigFile.parse("sort = \"age\"", path: path)
        }
        #expect(throws: ConfigError(path: path, line: 1, message: "reverse must be true or false, got string")) {
            try ConfigFile.parse("reverse = \"yes\"", path: path)
        }
    }
}
