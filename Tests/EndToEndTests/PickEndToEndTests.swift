import Foundation
import Imaging
import Testing

/// `gallery --pick` as a shell pipeline uses it: drawn on the terminal, the chosen paths alone on stdout.
@Suite(.serialized) struct PickEndToEndTests {
    /// Runs `command` (`GALLERY` standing for the executable, `FOLDER` for a new folder holding
    /// a.jpg, b.jpg and "c d.jpg", `OUT` for a file its stdout goes to) in a shell in tmux, waits for
    /// the picker's grid, presses `keys` (`wait:TEXT` waits for TEXT on the screen), and returns the exit status line and what was written, `FOLDER` again for the folder.
    /// `rated`: photos given a sidecar with that rating (`a.xmp`, as digiKam names it); `listing`: the
    /// count the grid says.
    private func pick(_ command: String, pressing keys: [String], rated: [String: Int] = [:],
                      listing: String = "3 photos") async throws -> (status: String?, output: String) {
        let gallery = try #require(galleryExecutable())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-pick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, name) in ["a.jpg", "b.jpg", "c d.jpg"].enumerated() {
            let image = RGBImage(width: 64, height: 48, filledWith: RGB(UInt8(70 * index), 120, 90))
            try Data(try JPEGCodec.encode(image)).write(to: folder.appendingPathComponent(name))
        }
        for (name, stars) in rated {
            let sidecar = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
                + "<rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmp:Rating='\(stars)'/>"
                + "</rdf:RDF></x:xmpmeta>"
            try Data(sidecar.utf8).write(to: folder.appendingPathComponent(name.replacingOccurrences(of: ".jpg", with: ".xmp")))
        }
        let output = folder.appendingPathComponent("out")
        let line = command.replacingOccurrences(of: "GALLERY", with: gallery)
            .replacingOccurrences(of: "FOLDER", with: folder.path).replacingOccurrences(of: "OUT", with: output.path)
        let tmux = try TmuxSession(columns: 120, rows: 40)
        // Typed before the shell reads the terminal, the line would be echoed twice, and the
        // status printed over the copy.
        #expect(try await tmux.waitFor { $0.first?.hasPrefix("$") == true }.ok)
        try tmux.type("\(line); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains(listing) && $0.joined().contains("Enter pick") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        for key in keys {
            if key.hasPrefix("wait:") {
                let text = String(key.dropFirst(5))
                let shown = try await tmux.waitFor { $0.joined().contains(text) }
                #expect(shown.ok, "\(text):\n\(shown.screen.joined(separator: "\n"))")
                continue
            }
            try tmux.press(key)
            if key == "Space" { _ = try await tmux.waitFor { $0.joined().contains("marked") } }
        }
        // A whole line "EXIT=<status>": a wrapped row of the typed command may start "EXIT=$?".
        let isStatus = { (row: String) in row.hasPrefix("EXIT=") && row.dropFirst(5).allSatisfy(\.isNumber) && row.count > 5 }
        let done = try await tmux.waitFor { $0.contains(where: isStatus) }
        // The terminal is the shell's again: no grid left on it.
        #expect(!done.screen.joined().contains("Enter pick"), "\(done.screen.joined(separator: "\n"))")
        let written = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        return (done.screen.first(where: isStatus), written.replacingOccurrences(of: folder.path, with: "FOLDER"))
    }

    @Test func enterWritesTheTwoMarkedPathsAndNothingElse() async throws {
        // The default render mode: the capability probe's queries must go to the terminal too.
        let result = try await pick("GALLERY --pick FOLDER > OUT", pressing: ["Space", "l", "l", "Space", "Enter"])
        #expect(result.status == "EXIT=0")
        #expect(result.output == "FOLDER/a.jpg\nFOLDER/c d.jpg\n")
    }

    @Test func minRatingListsOnlyThePhotosRatedSoAndTheirSidecarsAreNotPrinted() async throws {
        let result = try await pick("GALLERY --pick --min-rating 4 FOLDER --render ascii > OUT", pressing: ["v", "Enter"],
                                    rated: ["a.jpg": 4, "b.jpg": 2, "c d.jpg": 5], listing: "2 photos")
        #expect(result.status == "EXIT=0")
        #expect(result.output == "FOLDER/a.jpg\nFOLDER/c d.jpg\n")
    }

    @Test func spaceOnAFolderTileMarksNothingAndEnterPrintsNoFolder() async throws {
        // sub/ is listed first, and selected: Space there says folders are not marked.
        let result = try await pick("mkdir FOLDER/sub && cp FOLDER/b.jpg FOLDER/sub && GALLERY --pick FOLDER --render ascii > OUT",
                                    pressing: ["Space", "l", "Space", "Enter"])
        #expect(result.status == "EXIT=0")
        #expect(result.output == "FOLDER/a.jpg\n")
    }

    /// A mark stays on its file while the picker is in another folder: marked in the folder, then
    /// in `sub/`, both are printed, and the folder shows its mark again on the way back.
    @Test func marksInTwoFoldersAreBothPrinted() async throws {
        let result = try await pick("mkdir FOLDER/sub && cp FOLDER/b.jpg 'FOLDER/sub/e f.jpg' && cp FOLDER/b.jpg FOLDER/sub/g.jpg && "
                                        + "GALLERY --pick --print0 FOLDER --render ascii > OUT",
                                    pressing: ["l", "Space", "h", "Enter", "wait:e f.jpg", "l", "Space", "wait:2 marked",
                                               "BSpace", "wait:✓ a.jpg", "l", "l", "Enter"])
        #expect(result.status == "EXIT=0")
        #expect(result.output == "FOLDER/a.jpg\0FOLDER/sub/g.jpg\0")
    }

    @Test func escapeWritesNothingAndExitsOne() async throws {
        // Sixel pictures: none of their bytes may reach stdout.
        let result = try await pick("GALLERY --pick FOLDER --render sixel > OUT", pressing: ["Space", "Escape"])
        #expect(result.status == "EXIT=1")
        #expect(result.output.isEmpty)
    }

    @Test func print0WithPathsFromStandardInputEndsEachWithANul() async throws {
        // Keys come from /dev/tty while stdin holds the list; Enter without marks picks the selection.
        // Kitty pictures (and their deletion at exit) go to the terminal too.
        let result = try await pick("ls -d FOLDER/*.jpg | GALLERY --pick --print0 --render kitty - > OUT",
                                    pressing: ["l", "l", "Enter"])
        #expect(result.status == "EXIT=0")
        #expect(result.output == "FOLDER/c d.jpg\0")
    }
}
