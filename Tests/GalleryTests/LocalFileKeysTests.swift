import OperatingSystem
import TestSupport
import Foundation
import Imaging
import Testing
import TerminalVocabulary
import TUI
@testable import Gallery

/// The grid over a real folder, keys in and frames out, as `SceneHarness` does for fake catalogs.
@MainActor private final class FolderScenes: SceneDriving {
    let directory: TemporaryDirectory
    let navigator = Navigator(requestRedraw: {})
    let screen = InMemoryScreen(size: CellSize(columns: 120, rows: 30))
    let coordinator: PhotosCoordinator
    let clipboard = FakeClipboard()

    /// `configure`: the environment's key map, its runner of commands.
    init(names: [String], configure: (inout AppEnvironment) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/pictures", withIntermediateDirectories: true)
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(90, 60, 30)))
        for name in names { try Data(jpeg).write(to: URL(fileURLWithPath: directory.path + "/pictures/" + name)) }
        var environment = AppEnvironment(
            source: try DirectorySource(path: FilePath(directory.path + "/pictures")), loader: LocalFileImageLoader(),
            renderer: FakeRenderer(), sourceName: "pictures", renderMode: .ascii, perPage: 30,
            cache: ThumbnailCache(capacityBytes: 1 << 20))
        environment.trash = FreedesktopTrash(homeTrash: FilePath(directory.path + "/data/Trash"))
        environment.clipboard = clipboard
        configure(&environment)
        coordinator = PhotosCoordinator(navigator: navigator, environment: environment)
    }

    func start(expecting count: Int) async {
        coordinator.start()
        let grid = coordinator.viewModel!
        await grid.until { grid.photos.count == count }
        draw()
    }

    var onDisk: [String] { directory.contents(of: "pictures") }
}

@MainActor
@Suite("Local file keys")
struct LocalFileKeysTests {
    @Test func spaceMarksTheCellDTrashesAfterYAndURestores() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { app.directory.remove() }
        await app.start(expecting: 3)
        app.press(.character(" "), .right, .character(" "))
        let frame = app.draw().joined(separator: "\n")
        #expect(frame.contains("✓ a.jpg") && frame.contains("✓ b.jpg") && !frame.contains("✓ c.jpg"))
        #expect(app.statusLine.contains("2 marked"))
        app.press(.character("v"))
        #expect(app.statusLine.contains("1 marked"))
        app.press(.character("v"))

        app.press(.character("D"))
        #expect(app.statusLine.contains("Move 2 photos to the trash? y/n"))
        app.press(.character("j"))  // anything but y keeps them, and does nothing else
        #expect(app.statusLine.contains("nothing was moved"))
        app.press(.character("D"), .character("y"))
        #expect(app.statusLine.contains("moved 2 photos to the trash (u restores)"))
        #expect(app.onDisk == ["c.jpg"])
        let after = app.draw().joined(separator: "\n")
        #expect(!after.contains("a.jpg") && after.contains("c.jpg"))
        #expect(app.statusLine.contains("1 photo · 1 of 1"))

        app.press(.character("u"))
        #expect(app.statusLine.contains("restored 2 photos"))
        #expect(app.onDisk == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(app.draw().joined(separator: "\n").contains("a.jpg"))
    }

    @Test func rRenamesInAPromptPrefilledWithTheName() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg"])
        defer { app.directory.remove() }
        await app.start(expecting: 2)
        app.press(.character("R"))
        #expect(app.statusLine.hasPrefix("rename to: a.jpg"))
        app.press(.ctrl("u"))
        app.type("b.jpg")
        app.press(.enter)
        #expect(app.statusLine.contains("b.jpg already exists: nothing was renamed"))
        app.press(.character("R"), .backspace, .backspace, .backspace)
        app.type("png")
        app.press(.enter)
        #expect(app.statusLine.contains("renamed a.jpg to a.png"))
        #expect(app.onDisk == ["a.png", "b.jpg"])
        #expect(app.draw().joined(separator: "\n").contains("a.png"))
    }

    @Test func yCopiesThePathAndControlCharactersNeverReachTheScreen() async throws {
        let hostile = "red\u{1B}[31mX\nline.jpg"
        let app = try FolderScenes(names: [hostile])
        defer { app.directory.remove() }
        await app.start(expecting: 1)
        app.press(.character("y"))
        #expect(app.clipboard.copied == [app.directory.path + "/pictures/" + hostile])
        var frames = [app.draw()]
        app.press(.enter)
        await eventually { app.draw().joined().contains("File:") }
        frames.append(app.draw())
        app.press(.escape, .character("R"))
        frames.append(app.draw())
        for row in frames.joined() {
            #expect(!row.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(row.debugDescription)")
        }
        // Shown escaped, as every message names it: what the name holds is seen, none of it acts.
        #expect(frames[0].joined().contains("red\\x1B[31mX\\x0Aline.jpg"))
        #expect(frames[1].joined(separator: "\n").contains("File: red\\x1B[31mX\\x0Aline.jpg"), "the name stays on one line")
    }

    @Test func digitsRateTheSelectedOrTheMarkedPhotosIntoSidecarsAndTheTilesSaySo() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { app.directory.remove() }
        await app.start(expecting: 3)
        let photo = app.directory.read("pictures/a.jpg")
        app.press(.character("4"))
        #expect(app.statusLine.contains("★★★★ on 1 photo"))
        #expect(app.onDisk == ["a.jpg", "a.jpg.xmp", "b.jpg", "c.jpg"], "darktable's name: the photo's name and .xmp")
        #expect(app.directory.read("pictures/a.jpg") == photo, "the photo file is never written")
        #expect(try app.directory.text(of: "pictures/a.jpg.xmp").contains("xmp:Rating=\"4\""))
        #expect(app.draw().joined(separator: "\n").contains("★4 a.jpg"))
        let grid = try #require(app.coordinator.viewModel)
        #expect(grid.photos[0].labels.rating == 4)

        // Marked photos take the key, the selected one not marked does not.
        app.press(.right, .character(" "), .right, .character(" "), .character("p"))
        #expect(app.statusLine.contains("picked 2 photos"))
        #expect(grid.photos.map(\.labels.flag) == [nil, .picked, .picked])
        app.press(.character("p"))
        #expect(app.statusLine.contains("pick cleared on 2 photos"), "the same key again clears it")
        #expect(grid.photos.map(\.labels.flag) == [nil, nil, nil])
        app.press(.character("6"))
        #expect(grid.photos.map(\.labels.colour) == [nil, .red, .red])
        #expect(app.draw().joined(separator: "\n").contains("✓ ●R b.jpg"))
        app.press(.character("x"))
        #expect(grid.photos.map(\.labels.flag) == [nil, .rejected, .rejected])
        #expect(app.onDisk == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp", "c.jpg", "c.jpg.xmp"])
    }

    @Test func theDetailPaneRatesItsPhotoAndSaysSo() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg"])
        defer { app.directory.remove() }
        await app.start(expecting: 2)
        app.press(.enter)
        await eventually { app.draw().joined().contains("File:") }
        app.press(.character("5"), .character("9"))
        let frame = app.draw().joined(separator: "\n")
        #expect(frame.contains("Rating: ★★★★★") && frame.contains("Label: blue"))
        #expect(app.statusLine.contains("blue label on 1 photo"))
        #expect(try app.directory.text(of: "pictures/a.jpg.xmp").contains("xmp:Label=\"Blue\""))
        app.press(.escape)
        #expect(app.draw().joined(separator: "\n").contains("★5 ●B a.jpg"), "the grid knows what the pane did")
    }

    /// `M` in the detail pane moves the photo shown: the pane shows the one that took its place,
    /// and `u` there moves it back into the grid; `D` trashes the next one after its question.
    @Test func theDetailPaneMovesAndTrashesItsPhotoAndShowsTheNext() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg", "c.jpg"])
        defer { app.directory.remove() }
        try FileManager.default.createDirectory(atPath: app.directory.path + "/out", withIntermediateDirectories: true)
        await app.start(expecting: 3)
        app.press(.right, .enter)
        await eventually { app.draw().joined().contains("File: b.jpg") }
        app.press(.character("M"))
        #expect(app.statusLine.hasPrefix("move to: \(app.directory.path)/pictures/"), "\(app.statusLine)")
        app.press(.ctrl("u"))
        app.type("../out")
        app.press(.enter)
        #expect(app.statusLine.contains("moved 1 photo to out (u moves back)"), "\(app.statusLine)")
        #expect(app.onDisk == ["a.jpg", "c.jpg"])
        #expect(app.directory.contents(of: "out") == ["b.jpg"])
        await eventually { app.draw().joined().contains("File: c.jpg") }
        #expect(app.draw().joined().contains("2 of 2"), "the pane shows the photo that took its place")

        app.press(.character("u"))
        #expect(app.statusLine.contains("moved 1 photo back from out"), "\(app.statusLine)")
        #expect(app.onDisk == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(app.draw().joined().contains("File: c.jpg"), "the pane stays where it is")

        // The last photo trashed: the one before it is shown. The question shows over a picture
        // that fills the terminal (`f`) too, and so does the prompt.
        app.press(.character("f"), .character(":"))
        #expect(app.statusLine.hasPrefix("run:"), "\(app.statusLine)")
        app.press(.escape)
        #expect(app.statusLine.trimmingCharacters(in: .whitespaces).isEmpty, "f hides the status line")
        app.press(.character("D"))
        #expect(app.statusLine.contains("Move \"c.jpg\" to the trash? y/n"), "\(app.statusLine)")
        app.press(.character("y"))
        #expect(app.onDisk == ["a.jpg", "b.jpg"])
        app.press(.character("f"))
        await eventually { app.draw().joined().contains("File: b.jpg") }
        app.press(.escape)
        let grid = app.draw().joined(separator: "\n")
        #expect(grid.contains("b.jpg") && !grid.contains("c.jpg") && app.statusLine.contains("2 photos"), "\(grid)")
    }

    /// A `[commands]` key and `:` in the detail pane run on the photo shown, its path one argument
    /// whatever its name holds, else on the marked photos; the pane says how the command ended.
    @Test func aCommandKeyInTheDetailPaneGetsTheShownPhotoElseTheMarked() async throws {
        var given: [[FilePath]] = []
        let names = ["a.jpg", "b's \"q\" $HOME.jpg", "c.jpg"]
        let app = try FolderScenes(names: names) { environment in
            environment.keyMap.bind(try! UserCommand("true --flag", home: "/"), to: "c")
            environment.runInTerminal = { arguments, _ in
                MainActor.assumeIsolated { given.append(arguments) }
                return Result { () throws(SystemError) in try ChildProcess.runInForeground(arguments) }
            }
        }
        defer { app.directory.remove() }
        await app.start(expecting: 3)
        let pictures = app.directory.path + "/pictures/"
        app.press(.right, .enter)
        await eventually { app.draw().joined().contains("File: b's") }
        app.press(.character("c"))
        #expect(given == [["true", "--flag", FilePath(pictures + names[1])]])
        #expect(app.statusLine.contains("true: done"), "\(app.statusLine)")
        app.press(.character(":"))
        #expect(app.statusLine.hasPrefix("run:"), "\(app.statusLine)")
        app.type("false")
        app.press(.enter)
        #expect(given.last == ["false", FilePath(pictures + names[1])])
        #expect(app.statusLine.contains("false: exit 1"), "\(app.statusLine)")

        // Marked photos take the key in the pane as in the grid.
        app.press(.escape, .left, .character(" "), .right, .right, .character(" "), .left, .enter)
        await eventually { app.draw().joined().contains("File: b's") }
        app.press(.character("c"))
        #expect(given.last == ["true", "--flag", FilePath(pictures + "a.jpg"), FilePath(pictures + "c.jpg")])

        // A command that moves the photo shown away: once the folder is read again, the pane shows
        // the photo that took its place.
        app.press(.escape, .left, .character(" "), .right, .right, .character(" "), .left, .left, .enter)
        await eventually { app.draw().joined().contains("File: a.jpg") }
        try FileManager.default.createDirectory(atPath: app.directory.path + "/out", withIntermediateDirectories: true)
        app.press(.character(":"))
        app.type("mv -t '\(app.directory.path)/out'")
        app.press(.enter)
        #expect(app.statusLine.contains("mv: done"), "\(app.statusLine)")
        #expect(app.directory.contents(of: "out") == ["a.jpg"])
        await eventually { app.draw().joined().contains("File: b's") }
    }

    /// A photo marked in the folder above, trashed from a folder below: it is unmarked, gone from
    /// the folder above on the way back (its listing, kept for the way back, is read again), and
    /// back there after `u`.
    @Test func aMarkTrashedFromAnotherFolderIsGoneThereOnTheWayBack() async throws {
        let app = try FolderScenes(names: ["a.jpg", "b.jpg"])
        defer { app.directory.remove() }
        try FileManager.default.createDirectory(atPath: app.directory.path + "/pictures/sub", withIntermediateDirectories: true)
        try app.directory.write(try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(9, 9, 9))), to: "pictures/sub/x.jpg")
        await app.start(expecting: 3)
        app.press(.right, .character(" "))
        #expect(app.statusLine.contains("1 marked"))
        app.press(.home, .enter)
        let sub = try #require(app.coordinator.viewModel)
        await sub.until { sub.photos.map(\.title) == ["x.jpg"] }
        #expect(app.statusLine.contains("1 marked"), "\(app.statusLine)")
        app.press(.character("D"))
        #expect(app.statusLine.contains("Move \"a.jpg\" to the trash? y/n"), "\(app.statusLine)")
        app.press(.character("y"))
        #expect(app.statusLine.contains("moved 1 photo to the trash") && !app.statusLine.contains("marked"), "\(app.statusLine)")
        #expect(app.onDisk == ["b.jpg", "sub"])

        app.press(.backspace)
        let above = try #require(app.coordinator.viewModel)
        await above.until { above.photos.map(\.title) == ["sub", "b.jpg"] }
        app.press(.character("u"))
        #expect(app.statusLine.contains("restored 1 photo"), "\(app.statusLine)")
        await above.until { above.photos.map(\.title) == ["sub", "a.jpg", "b.jpg"] }
    }

    @Test func aSidecarGoesWithItsPhotoWhenRenamedTrashedAndRestored() async throws {
        let app = try FolderScenes(names: ["a.jpg"])
        defer { app.directory.remove() }
        // A sidecar digiKam or Lightroom named after the photo's stem, as exiftool writes one.
        try app.directory.write(Array(XMPSidecarTests.exiftoolStyle.utf8), to: "pictures/a.xmp")
        await app.start(expecting: 1)
        #expect(app.draw().joined(separator: "\n").contains("★3 ⚑ ●P a.jpg"))
        #expect(app.statusLine.contains("1 photo · 1 of 1"), "the sidecar is no file left out")
        app.press(.character("4"))
        #expect(app.onDisk == ["a.jpg", "a.xmp"], "the manager's sidecar is the one written")
        app.press(.character("R"), .ctrl("u"))
        app.type("beach.jpg")
        app.press(.enter)
        #expect(app.statusLine.contains("renamed a.jpg to beach.jpg (and its sidecar)"))
        #expect(app.onDisk == ["beach.jpg", "beach.xmp"])
        app.press(.character("D"), .character("y"))
        #expect(app.onDisk.isEmpty)
        app.press(.character("u"))
        #expect(app.onDisk == ["beach.jpg", "beach.xmp"])
        let restored = try XMPPacket(app.directory.read("pictures/beach.xmp")).labels
        #expect(restored == PhotoLabels(rating: 4, flag: .picked, colour: .purple))
        #expect(app.draw().joined(separator: "\n").contains("★4 ⚑ ●P beach.jpg"))
    }
}

