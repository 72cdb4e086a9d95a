import OperatingSystem
import ArgumentParser
import Testing
@testable import GalleryApp

@Suite("gallery --pick arguments and output")
struct PickArgumentsTests {
    @Test func picksLocalPathsAndTheCurrentFolderWithoutAny() throws {
        #expect(try GalleryCommand.parse(["--pick"]).catalog == .folder("."))
        #expect(try GalleryCommand.parse(["--pick", "a.jpg", "b"]).catalog == .paths(["a.jpg", "b"]))
        #expect(try GalleryCommand.parse(["--pick", "-"]).catalog == .standardInput)
        #expect(try GalleryCommand.parse(["--pick", "--source", "dir", "walls"]).catalog == .folder("walls"))
        #expect(try GalleryCommand.parse(["--pick", "--print0", "walls"]).print0)
        // Without --pick, no paths means the current folder if it has photos, else the demo (or
        // the config file's source).
        #expect(try GalleryCommand.parse([]).catalog == .automatic)
    }

    @Test func minRatingIsZeroToFiveStarsAndGoesWithPick() throws {
        let command = try GalleryCommand.parse(["--pick", "--min-rating", "4", "--picked", "walls"])
        #expect(command.minRating == 4 && command.picked == true)
        #expect(try command.catalog == .folder("walls"))
        #expect(usageError(["--min-rating", "6", "walls"])?.contains("--min-rating must be between 0 and 5 stars, got 6") == true)
    }

    @Test func refusesCatalogsAndAStrayPrint0() {
        for source in ["unsplash", "demo", "picsum", "https://example.com"] {
            let message = usageError(["--pick", "--source", source])
            #expect(message?.contains("--pick chooses local files and cannot pick from --source \(source)") == true, "\(message ?? "")")
        }
        #expect(usageError(["--print0", "walls"])?.contains("--print0 ends the paths --pick prints") == true)
    }

    @Test func pathsEndWithANewlineOrANul() {
        let paths: [FilePath] = ["/w/a b.jpg", "/w/new\nline.png", FilePath(bytes: Array("/w/c".utf8) + [0xFF])]
        #expect(PickOutput.bytes(of: paths, nullSeparated: false) == Array("/w/a b.jpg\n/w/new\nline.png\n/w/c".utf8) + [0xFF, 0x0A])
        #expect(PickOutput.bytes(of: paths, nullSeparated: true) == Array("/w/a b.jpg\0/w/new\nline.png\0/w/c".utf8) + [0xFF, 0])
        #expect(PickOutput.bytes(of: [], nullSeparated: false).isEmpty)
    }
}
