import Foundation
import Imaging
import OperatingSystem
import TestSupport
import TerminalVocabulary
import Testing
@testable import Gallery

/// `C` and `M` (copy or move to another folder, never over a file, companions along, `u` moving
/// back) and the user's own commands run on the marked photos, through `PhotoFileActions`.
@MainActor
@Suite("Copy, move and your own commands")
struct FolderActionsTests {
    /// A folder `pictures` holding `names` (small JPEGs), an empty folder `out` beside it, a grid
    /// over `pictures` and the file actions.
    @MainActor final class Fixture {
        let directory: TemporaryDirectory
        let source: DirectorySource
        let grid: PhotosViewModel
        let files: PhotoFileActions
        var pictures: String { directory.path + "/pictures" }
        var out: String { directory.path + "/out" }

        init(names: [String], extra: [String: [UInt8]] = [:],
             runInTerminal: AppEnvironment.TerminalRunner? = nil) async throws {
            directory = try TemporaryDirectory()
            for folder in ["out", "pictures"] {
                try FileManager.default.createDirectory(atPath: directory.path + "/" + folder, withIntermediateDirectories: true)
            }
            let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(90, 60, 30)))
            for name in names { try directory.write(jpeg + Array(name.utf8), to: "pictures/" + name) }
            for (name, bytes) in extra { try directory.write(bytes, to: "pictures/" + name) }
            source = try DirectorySource(path: FilePath(directory.path + "/pictures"))
            let grid = PhotosViewModel(source: source, loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                       renderMode: .ascii, perPage: 30, cache: ThumbnailCache(capacityBytes: 1 << 20))
            self.grid = grid
            files = PhotoFileActions(files: source, trash: FreedesktopTrash(homeTrash: FilePath(directory.path + "/Trash")),
                                     grids: { [grid] }, runInTerminal: runInTerminal, home: directory.path)
            grid.update(.appeared)
            await grid.until { grid.photos.count == names.count }
        }

        func photo(_ name: String) -> LibraryItem { grid.photos.first { $0.title == name }! }
        func mark(_ names: String...) {
            for name in names { grid.update(.toggleMark(grid.photos.firstIndex { $0.title == name }!)) }
        }
        func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + path))) }
        func chosen(_ what: String = "copied") -> [LibraryItem] { files.chosenPhotos(in: grid, selected: grid.selectedPhoto, for: what) ?? [] }
    }

    @Test func copyWritesTheMarkedPhotosAndNeverOverwritesAFileThere() async throws {
        let fixture = try await Fixture(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { fixture.directory.remove() }
        try fixture.directory.write(Array("mine".utf8), to: "out/b.jpg")
        fixture.mark("a.jpg", "b.jpg")
        fixture.files.transfer(fixture.chosen(), toFolder: "../out", moving: false)
        #expect(fixture.files.statusText == "copied 1 of 2 photos to out; b.jpg is already in out")
        #expect(fixture.directory.contents(of: "out") == ["a.jpg", "b.jpg"])
        #expect(try fixture.bytes("out/a.jpg") == fixture.bytes("pictures/a.jpg"))
        #expect(try fixture.bytes("out/b.jpg") == Array("mine".utf8), "the file there is untouched")
        #expect(fixture.directory.contents(of: "pictures") == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(fixture.grid.photos.count == 3, "a copy leaves the grid as it was")
        fixture.files.undo()
        #expect(fixture.files.statusText == "nothing to undo", "a copy loses nothing, and u does not delete it")
    }

    @Test func aCopyKeepsTheModificationTimeAndLeavesNoTemporaryFile() async throws {
        let fixture = try await Fixture(names: ["a.jpg"])
        defer { fixture.directory.remove() }
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fixture.pictures + "/a.jpg")
        fixture.files.transfer([fixture.photo("a.jpg")], toFolder: fixture.out, moving: false)
        #expect(fixture.files.statusText == "copied 1 photo to out")
        let copied = try FileManager.default.attributesOfItem(atPath: fixture.out + "/a.jpg")
        #expect(copied[.modificationDate] as? Date == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out) == ["a.jpg"])
        fixture.files.transfer([fixture.photo("a.jpg")], toFolder: fixture.out, moving: false)
        #expect(fixture.files.statusText == "a.jpg is already in out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out) == ["a.jpg"], "no temporary file left behind")
    }

    @Test func moveTakesThePhotosOutOfTheGridAndUMovesThemBack() async throws {
        let fixture = try await Fixture(names: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        defer { fixture.directory.remove() }
        try fixture.directory.write(Array("mine".utf8), to: "out/d.jpg")
        let before = try fixture.bytes("pictures/b.jpg")
        fixture.mark("b.jpg", "c.jpg", "d.jpg")
        fixture.files.transfer(fixture.chosen("moved"), toFolder: "~/out", moving: true)
        #expect(fixture.files.statusText == "moved 2 of 3 photos to out (u moves back); d.jpg is already in out")
        #expect(fixture.grid.photos.map(\.title) == ["a.jpg", "d.jpg"])
        #expect(fixture.directory.contents(of: "pictures") == ["a.jpg", "d.jpg"])
        #expect(fixture.directory.contents(of: "out") == ["b.jpg", "c.jpg", "d.jpg"])
        #expect(try fixture.bytes("out/d.jpg") == Array("mine".utf8))

        // The trash and a move share one history: u undoes the last of either.
        fixture.mark("d.jpg")
        fixture.files.askToTrash(in: fixture.grid, selected: fixture.photo("a.jpg"))
        fixture.files.answer(yes: true)
        #expect(fixture.grid.photos.map(\.title) == ["d.jpg"])
        fixture.files.undo()
        #expect(fixture.files.statusText == "restored 1 photo")
        fixture.files.undo()
        #expect(fixture.files.statusText == "moved 2 photos back from out")
        #expect(fixture.grid.photos.map(\.title) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(fixture.directory.contents(of: "pictures") == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(fixture.directory.contents(of: "out") == ["d.jpg"])
        #expect(try fixture.bytes("pictures/b.jpg") == before)
        fixture.files.undo()
        #expect(fixture.files.statusText == "nothing to undo")
    }

    @Test func uLeavesAMovedPhotoWhoseNameIsTakenAgainForLater() async throws {
        let fixture = try await Fixture(names: ["a.jpg", "b.jpg"])
        defer { fixture.directory.remove() }
        fixture.files.transfer([fixture.photo("a.jpg")], toFolder: fixture.out, moving: true)
        try fixture.directory.write(Array("new".utf8), to: "pictures/a.jpg")
        fixture.files.undo()
        #expect(fixture.files.statusText == "a.jpg was not moved back: another file has its name now")
        #expect(try fixture.bytes("pictures/a.jpg") == Array("new".utf8), "the new file stays")
        #expect(fixture.directory.contents(of: "out") == ["a.jpg"])
        try FileManager.default.removeItem(atPath: fixture.pictures + "/a.jpg")
        fixture.files.undo()
        #expect(fixture.files.statusText == "moved 1 photo back from out")
        #expect(fixture.directory.contents(of: "pictures") == ["a.jpg", "b.jpg"])
    }

    @Test func companionsGoWithTheirPhotoAllOrNone() async throws {
        let fixture = try await Fixture(names: ["DSC_1.JPG", "DSC_2.JPG"],
                                        extra: ["DSC_1.NEF": Array("raw one".utf8), "DSC_2.NEF": Array("raw two".utf8)])
        defer { fixture.directory.remove() }
        #expect(fixture.photo("DSC_1.JPG").raw != nil)
        // DSC_2's RAW file's name is taken there: neither of its files goes.
        try fixture.directory.write(Array("other".utf8), to: "out/DSC_2.NEF")
        fixture.mark("DSC_1.JPG", "DSC_2.JPG")
        fixture.files.transfer(fixture.chosen("moved"), toFolder: fixture.out, moving: true)
        #expect(fixture.files.statusText == "moved 1 of 2 photos to out (u moves back); DSC_2.NEF is already in out")
        #expect(fixture.directory.contents(of: "out") == ["DSC_1.JPG", "DSC_1.NEF", "DSC_2.NEF"])
        #expect(fixture.directory.contents(of: "pictures") == ["DSC_2.JPG", "DSC_2.NEF"])
        #expect(try fixture.bytes("out/DSC_1.NEF") == Array("raw one".utf8))
        fixture.files.undo()
        #expect(fixture.directory.contents(of: "pictures") == ["DSC_1.JPG", "DSC_1.NEF", "DSC_2.JPG", "DSC_2.NEF"])
        #expect(fixture.grid.photos.first { $0.title == "DSC_1.JPG" }?.raw != nil, "back as one item with its RAW file")

        fixture.files.transfer([fixture.photo("DSC_1.JPG")], toFolder: fixture.out, moving: false)
        #expect(fixture.directory.contents(of: "out") == ["DSC_1.JPG", "DSC_1.NEF", "DSC_2.NEF"])
        #expect(try fixture.bytes("out/DSC_1.NEF") == Array("raw one".utf8))
    }

    @Test func aFolderThatIsNotThereOrAFolderTileIsRefused() async throws {
        let fixture = try await Fixture(names: ["a.jpg"])
        defer { fixture.directory.remove() }
        fixture.files.transfer([fixture.photo("a.jpg")], toFolder: "nowhere", moving: true)
        #expect(fixture.files.statusText == "nowhere is not a folder: nothing was moved")
        fixture.files.transfer([fixture.photo("a.jpg")], toFolder: "", moving: false)
        #expect(fixture.files.statusText == "no folder was given: nothing was copied")
        #expect(fixture.directory.contents(of: "pictures") == ["a.jpg"])
        let web = PhotoFileActions(files: nil, trash: nil, grids: { [] })
        #expect(web.chosenPhotos(in: fixture.grid, selected: fixture.photo("a.jpg"), for: "copied") == nil)
        #expect(web.statusText == "only files in a folder can be copied")
    }

    @Test func tabOffersTheFoldersThatStartWithWhatIsTypedInTurn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["sub10", "sub2", "Sub3", ".hidden", "other"] {
            try FileManager.default.createDirectory(atPath: directory.path + "/" + name, withIntermediateDirectories: true)
        }
        try directory.write([1], to: "sub-file")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/sublink", withDestinationPath: directory.path + "/other")
        var completion = try #require(FolderCompletion(of: directory.path + "/s", home: "/h", base: "/"))
        #expect(completion.candidates == ["sub2", "sub10", "sublink"].map { directory.path + "/" + $0 + "/" })
        completion.advance()
        completion.advance()
        completion.advance()
        #expect(completion.current == directory.path + "/sub2/", "the first again after the last")
        #expect(FolderCompletion(of: "s", home: "/h", base: FilePath(directory.path))?.candidates == ["sub2/", "sub10/", "sublink/"])
        #expect(FolderCompletion(of: "~/.h", home: directory.path, base: "/")?.candidates == ["~/.hidden/"])
        #expect(FolderCompletion(of: "~", home: directory.path, base: "/")?.candidates == ["~/"])
        #expect(FolderCompletion(of: directory.path + "/x", home: "/h", base: "/") == nil)
    }

    /// A script that writes its arguments NUL-separated to `argv` beside it and exits `status`.
    static func argumentWriter(in directory: TemporaryDirectory, status: Int) throws -> String {
        let script = directory.path + "/write-argv"
        try directory.write(Array("#!/bin/sh\nprintf '%s\\0' \"$@\" > \"$(dirname \"$0\")/argv\"\nexit \(status)\n".utf8),
                            to: "write-argv")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return script
    }

    @Test func aCommandGetsTheMarkedPathsIntactAndItsExitStatusIsShown() async throws {
        let names = ["it's \"a\" b.jpg", "two  spaces $HOME `x`.jpg", "c.jpg"]
        let fixture = try await Fixture(names: names)
        defer { fixture.directory.remove() }
        let script = try Self.argumentWriter(in: fixture.directory, status: 3)
        fixture.mark(names[0], names[1])
        // Through sh, not exec'd: a script just written can be "busy" (ETXTBSY) while another
        // test's child, forked meanwhile, still holds the descriptor it was written through.
        let command = try UserCommand("/bin/sh '\(script)' --flag 'a b'", home: fixture.directory.path)
        fixture.files.run(command, on: fixture.chosen("given to a command"))
        #expect(fixture.files.statusText == "sh: exit 3")
        let argv = try fixture.bytes("argv").split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        #expect(argv == ["--flag", "a b"] + [names[0], names[1]].map { fixture.pictures + "/" + $0 } + [""])
    }

    @Test func aCommandThatSucceedsIsDoneAndOneThatIsNotThereIsSaid() async throws {
        var given: [[FilePath]] = []
        var waits: [Bool] = []
        let clip = Array(try Data(contentsOf: CompanionFilesTests.fixtures.appendingPathComponent("rotated.mov")))
        let fixture = try await Fixture(names: ["a.jpg"], extra: ["a.mov": clip]) { arguments, thenWaitForKey in
            MainActor.assumeIsolated { given.append(arguments); waits.append(thenWaitForKey) }
            return Result { () throws(SystemError) in try ChildProcess.runInForeground(arguments) }
        }
        defer { fixture.directory.remove() }
        #expect(fixture.photo("a.jpg").isLive)
        fixture.files.run(try UserCommand("true", home: "/"), on: [fixture.photo("a.jpg")])
        #expect(fixture.files.statusText == "true: done")
        #expect(given == [["true", FilePath(fixture.pictures + "/a.jpg")]], "only the main file, through the runner given")
        fixture.files.run(typed: "no-such-program-here x", on: [fixture.photo("a.jpg")])
        #expect(fixture.files.statusText == "no-such-program-here: no such program")
        fixture.files.run(typed: "echo 'x", on: [fixture.photo("a.jpg")])
        #expect(fixture.files.statusText == "the command was not run: a ' is not closed")
        fixture.files.run(typed: "sh -c 'kill -TERM $$'", on: [fixture.photo("a.jpg")])
        #expect(fixture.files.statusText == "sh: ended by signal 15")
        // A bound command returns at once; one typed at `:` leaves what it wrote until a key.
        #expect(waits == [false, true, true], "the runner is asked to wait after typed commands only")
    }
}
