import TestSupport
import Foundation
import OperatingSystem
import Testing
@testable import Gallery

/// A home with its own XDG_DATA_HOME and a folder of files to trash, under the temporary directory.
private struct TrashScene {
    let root: TemporaryDirectory
    var homeTrash: String { root.path + "/data/Trash" }
    var pictures: String { root.path + "/pictures" }
    /// 2026-11-24 05:16:40 UTC; the record shows it in local time.
    static let deletionTime = 1_795_497_400
    let trash: FreedesktopTrash

    init() throws {
        root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/pictures/sub", withIntermediateDirectories: true)
        trash = FreedesktopTrash(homeTrash: FilePath(root.path + "/data/Trash"), now: { Self.deletionTime })
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: pictures + "/" + name))
    }

    func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

@Suite("FreedesktopTrash")
struct FreedesktopTrashTests {
    @Test func movesTheFileAndWritesItsRecordFirst() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        try scene.write("one", to: "a.jpg")
        let trashed = try scene.trash.moveToTrash(FilePath(scene.pictures + "/a.jpg"))
        #expect(!FileManager.default.fileExists(atPath: scene.pictures + "/a.jpg"))
        #expect(trashed.trashedPath.description == scene.homeTrash + "/files/a.jpg")
        #expect(scene.contents(trashed.trashedPath.description) == "one")
        let local = Calendar.current.dateComponents(in: .current, from: Date(timeIntervalSince1970: Double(TrashScene.deletionTime)))
        let date = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", local.year!, local.month!, local.day!,
                          local.hour!, local.minute!, local.second!)
        #expect(scene.contents(scene.homeTrash + "/info/a.jpg.trashinfo")
                == "[Trash Info]\nPath=\(scene.pictures)/a.jpg\nDeletionDate=\(date)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: scene.homeTrash)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func aTakenNameGetsANumberAndAStrayFileIsNeverReplaced() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        try scene.write("first", to: "a.jpg")
        try scene.write("second", to: "sub/a.jpg")
        _ = try scene.trash.moveToTrash(FilePath(scene.pictures + "/a.jpg"))
        let second = try scene.trash.moveToTrash(FilePath(scene.pictures + "/sub/a.jpg"))
        #expect(second.trashedPath.description == scene.homeTrash + "/files/a.2.jpg")
        // A file in files/ without a record (another program's, half done) keeps its name.
        try Data("stray".utf8).write(to: URL(fileURLWithPath: scene.homeTrash + "/files/a.3.jpg"))
        try scene.write("third", to: "a.jpg")
        let third = try scene.trash.moveToTrash(FilePath(scene.pictures + "/a.jpg"))
        #expect(third.trashedPath.description == scene.homeTrash + "/files/a.4.jpg")
        #expect(scene.contents(scene.homeTrash + "/files/a.3.jpg") == "stray")
        #expect(scene.names(in: scene.homeTrash + "/info") == ["a.2.jpg.trashinfo", "a.4.jpg.trashinfo", "a.jpg.trashinfo"])
        #expect(scene.contents(scene.homeTrash + "/info/a.2.jpg.trashinfo")?.contains("Path=\(scene.pictures)/sub/a.jpg\n") == true)
    }

    @Test func restoresButNeverOntoATakenPath() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        try scene.write("old", to: "a.jpg")
        try scene.write("b", to: "b.jpg")
        let a = try scene.trash.moveToTrash(FilePath(scene.pictures + "/a.jpg"))
        let b = try scene.trash.moveToTrash(FilePath(scene.pictures + "/b.jpg"))
        try scene.trash.restore(b)
        #expect(scene.contents(scene.pictures + "/b.jpg") == "b")
        #expect(scene.names(in: scene.homeTrash + "/info") == ["a.jpg.trashinfo"])

        try scene.write("new", to: "a.jpg")
        #expect(throws: TrashError.originalTaken(name: "a.jpg")) { try scene.trash.restore(a) }
        #expect(scene.contents(scene.pictures + "/a.jpg") == "new")
        #expect(scene.contents(a.trashedPath.description) == "old")
        #expect(FileManager.default.fileExists(atPath: a.infoPath.description))
        #expect(TrashError.originalTaken(name: "a.jpg").description
                == "a.jpg was not restored: another file has its name now; it stays in the trash")
    }

    /// A folder goes whole, recorded as a file is, and comes back whole; an empty folder made
    /// under its name meanwhile (which rename(2) would replace) keeps it in the trash.
    @Test func aFolderMovesWithItsFilesAndComesBackNeverOverAnother() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        try scene.write("x", to: "sub/x.jpg")
        let trashed = try scene.trash.moveToTrash(FilePath(scene.pictures + "/sub"))
        #expect(trashed.trashedPath.description == scene.homeTrash + "/files/sub")
        #expect(scene.names(in: scene.pictures).isEmpty)
        #expect(scene.contents(trashed.trashedPath.description + "/x.jpg") == "x")
        #expect(scene.contents(trashed.infoPath.description)?.hasPrefix("[Trash Info]\nPath=\(scene.pictures)/sub\nDeletionDate=") == true)

        try FileManager.default.createDirectory(atPath: scene.pictures + "/sub", withIntermediateDirectories: false)
        #expect(throws: TrashError.originalTaken(name: "sub")) { try scene.trash.restore(trashed) }
        #expect(scene.names(in: scene.pictures + "/sub").isEmpty)
        #expect(scene.contents(trashed.trashedPath.description + "/x.jpg") == "x")
        try FileManager.default.removeItem(atPath: scene.pictures + "/sub")
        try scene.trash.restore(trashed)
        #expect(scene.contents(scene.pictures + "/sub/x.jpg") == "x")
        #expect(scene.names(in: scene.homeTrash + "/files").isEmpty && scene.names(in: scene.homeTrash + "/info").isEmpty)
    }

    @Test func oddNamesArePercentEncodedInTheRecord() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        let odd = "50% off #1 é\u{1B}[31m\nx?.jpg"
        try scene.write("odd", to: odd)
        let trashed = try scene.trash.moveToTrash(FilePath(scene.pictures + "/" + odd))
        let infoPath = try #require(trashed.infoPath.text)
        let record = try #require(scene.contents(infoPath))
        #expect(record.contains("Path=\(FreedesktopTrash.percentEncoded(FilePath(scene.pictures)))/50%25%20off%20%231%20%C3%A9%1B%5B31m%0Ax%3F.jpg\n"))
        #expect(FreedesktopTrash.percentEncoded("/a-b_c.d!~*'()/") == "/a-b_c.d!~*'()/")
        try scene.trash.restore(trashed)
        #expect(scene.contents(scene.pictures + "/" + odd) == "odd")
    }

    @Test func aMissingFileIsASentenceAndTouchesNothing() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        #expect(throws: TrashError.system(name: "gone.jpg", reason: "No such file or directory")) {
            try scene.trash.moveToTrash(FilePath(scene.pictures + "/gone.jpg"))
        }
    }

    @Test func theHomeTrashFollowsXDGDataHome() {
        #expect(FreedesktopTrash.homeTrash(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/Trash")
        #expect(FreedesktopTrash.homeTrash(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]) == "/h/.local/share/Trash")
        #expect(FreedesktopTrash.candidateNames(for: ".hidden").prefix(2) == [".hidden", ".hidden.2"])
        #expect(FreedesktopTrash.candidateNames(for: "a.tar.gz")[1] == "a.tar.2.gz")
        // A 255-byte name's record would be named 265 bytes: its stem is cut, its extension kept.
        let long = FilePath(bytes: [UInt8](repeating: 0xFF, count: 251) + Array(".jpg".utf8))
        let cut = FreedesktopTrash.candidateNames(for: long).prefix(2).map(\.bytes)
        #expect(cut == [[UInt8](repeating: 0xFF, count: 241) + Array(".jpg".utf8),
                        [UInt8](repeating: 0xFF, count: 239) + Array(".2.jpg".utf8)])
    }

    /// /dev/shm is a tmpfs of its own on Linux: a file there goes to its top folder's `.Trash-$uid`,
    /// recorded relative to that folder.
    @Test(.enabled(if: FreedesktopTrashTests.shmIsAnotherFileSystem, "/dev/shm shares a file system with the temporary directory"))
    func aFileOnAnotherFileSystemGoesToItsTopFolder() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        let ownTrash = "/dev/shm/.Trash-\(CurrentProcess.userID)"
        let hadTrash = FileManager.default.fileExists(atPath: ownTrash)
        defer { if !hadTrash { try? FileManager.default.removeItem(atPath: ownTrash) } }
        let name = "gallery-trash-test-\(UUID().uuidString).jpg"
        try Data("shm".utf8).write(to: URL(fileURLWithPath: "/dev/shm/" + name))
        let trashed = try scene.trash.moveToTrash(FilePath("/dev/shm/" + name))
        defer { try? FileManager.default.removeItem(atPath: trashed.trashedPath.description) }
        #expect(trashed.trashedPath.description == ownTrash + "/files/" + name)
        #expect(scene.contents(trashed.infoPath.description)?.contains("\nPath=\(name)\n") == true)
        try scene.trash.restore(trashed)
        #expect(scene.contents("/dev/shm/" + name) == "shm")
        try? FileManager.default.removeItem(atPath: "/dev/shm/" + name)
    }

    /// sysfs takes no new folders: with no trash there, the file is refused, not copied.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel"), "no /sys"))
    func aFileSystemWithoutATrashIsRefused() throws {
        let scene = try TrashScene()
        defer { scene.root.remove() }
        let device = try FileStatus(path: "/sys/kernel").device
        #expect(FreedesktopTrash.topFolder(of: "/sys/kernel/x", device: device) == "/sys")
        #expect(scene.trash.trashFolder(forFileAt: "/sys/kernel/x", device: device) == nil)
        #expect(TrashError.noTrashOnFileSystem(name: "x").description == "x was not moved: no usable trash on its file system")
    }

    static var shmIsAnotherFileSystem: Bool {
        guard let shm = try? FileStatus(path: "/dev/shm"), shm.kind == .directory,
              let temporary = try? FileStatus(path: NSTemporaryDirectory()) else { return false }
        return shm.device != temporary.device
    }
}
