import Foundation
import Glibc
import Imaging
import OperatingSystem
import Testing
import TestSupport

/// Names that are not UTF-8, through the real binaries: each is a file of its own, shown with its
/// odd bytes escaped, acted on and printed as the bytes the folder holds.
@Suite(.serialized) struct NonUTF8NamesEndToEndTests {
    /// `c\xff.jpg`, and its look-alike `c\xef\xbf\xbd.jpg` (a valid name holding U+FFFD).
    static let invalid = Array("c".utf8) + [0xFF] + Array(".jpg".utf8)
    static let lookAlike = Array("c\u{FFFD}.jpg".utf8)

    @Test func twinsAreTwoPhotosAndTrashAndRestoreMoveExactlyTheOneChosen() async throws {
        let gallery = try #require(galleryExecutable())
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let pictures = root.path + "/pictures"
        #expect(mkdir(pictures, 0o755) == 0)
        let red = try Self.jpeg(shade: 200), green = try Self.jpeg(shade: 20)
        try Self.write(red, in: pictures, name: Self.invalid)
        try Self.write(green, in: pictures, name: Self.lookAlike)
        let trash = root.path + "/data/Trash"

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("XDG_DATA_HOME=\(root.path)/data \(gallery) \(pictures) --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor {
            $0.joined().contains("2 photos") && $0.joined().contains("c\\xFF.jpg") && $0.joined().contains("c\\u{FFFD}.jpg")
        }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")

        // `c\u{FFFD}.jpg` sorts first (u before x): the second is the one with the byte 0xFF.
        try tmux.press("l")
        #expect(try await tmux.waitFor { $0.joined().contains("2 of 2") }.ok)
        try tmux.press("D")
        let question = try await tmux.waitFor { $0.joined().contains("to the trash? y/n") }
        #expect(question.ok && question.screen.joined().contains("Move \"c\\xFF.jpg\" to the trash? y/n"),
                "\(question.screen.joined(separator: "\n"))")
        try tmux.press("y")
        let trashed = try await tmux.waitFor { $0.joined().contains("moved 1 photo to the trash") && $0.joined().contains("1 photo · 1 of 1") }
        #expect(trashed.ok, "\(trashed.screen.joined(separator: "\n"))")
        #expect(Self.names(in: pictures) == [Self.lookAlike], "the twin stays")
        #expect(Self.contents(pictures, Self.lookAlike) == green)
        #expect(Self.names(in: trash + "/files") == [Self.invalid])
        #expect(Self.contents(trash + "/files", Self.invalid) == red)
        let record = String(decoding: Self.contents(trash + "/info", Self.invalid + Array(".trashinfo".utf8)) ?? [], as: UTF8.self)
        #expect(record.contains("\nPath=\(pictures)/c%FF.jpg\n"), "\(record)")

        try tmux.press("u")
        let restored = try await tmux.waitFor { $0.joined().contains("restored 1 photo") && $0.joined().contains("2 photos") }
        #expect(restored.ok, "\(restored.screen.joined(separator: "\n"))")
        #expect(Self.names(in: pictures) == [Self.lookAlike, Self.invalid])
        #expect(Self.contents(pictures, Self.invalid) == red, "back byte for byte")
        #expect(Self.contents(pictures, Self.lookAlike) == green)
        #expect(Self.names(in: trash + "/files").isEmpty && Self.names(in: trash + "/info").isEmpty)

        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    /// Three names in other encodings (Latin-1 `été`, a C1 control byte, a stray 0xFF).
    static let odd: [[UInt8]] = [[0xE9, UInt8(ascii: "t"), 0xE9] + Array(".jpg".utf8), [0x9B] + Array(".jpg".utf8),
                                 Array("a".utf8) + [0xFF] + Array(".jpg".utf8)]

    /// A home folder named in Latin-1 (`h\xF6me`), every XDG folder under it: the config file in
    /// it is read, a photo trashed goes to its trash, thumbnails and the log are written in it,
    /// and no folder of a look-alike name (`h\u{FFFD}me`) is made beside it.
    @Test func aHomeFolderNamedInAnotherEncodingHoldsTheConfigTrashThumbnailsAndLog() async throws {
        let gallery = try #require(galleryExecutable())
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let home = FilePath(bytes: Array("\(root.path)/h".utf8) + [0xF6] + Array("me".utf8))
        try File.makeDirectories(home.appending(".config/gallery"))
        // Visible in the status bar: the config file's render mode, the command line giving none.
        try File.writeAtomically(Array("render = \"ascii\"\n".utf8), to: home.appending(".config/gallery/config.toml"))
        let pictures = root.path + "/pictures"
        #expect(mkdir(pictures, 0o755) == 0)
        try Self.write(try Self.jpeg(shade: 200), in: pictures, name: Array("one.jpg".utf8))
        try Self.write(try Self.jpeg(shade: 20), in: pictures, name: Array("two.jpg".utf8))

        let tmux = try TmuxSession(columns: 120, rows: 40)
        // The session's own XDG folders unset: every one is worked out from HOME's bytes.
        try tmux.type("env -u XDG_CACHE_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME HOME=\"$(printf '%s/h\\366me' \(root.path))\" "
                      + "\(gallery) \(pictures); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains("2 photos") && $0.joined().contains("· ascii") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("D")
        #expect(try await tmux.waitFor { $0.joined().contains("to the trash? y/n") }.ok)
        try tmux.press("y")
        let trashed = try await tmux.waitFor { $0.joined().contains("moved 1 photo to the trash") }
        #expect(trashed.ok, "\(trashed.screen.joined(separator: "\n"))")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)

        let trash = home.appending(".local/share/Trash")
        #expect(try Directory.entries(in: trash.appending("files")).map(\.name) == ["one.jpg"])
        #expect(try File.read(trash.appending("files/one.jpg"), maxBytes: 1 << 20) == (try Self.jpeg(shade: 200)))
        // The other photo's thumbnail, kept once no render ran for 100 ms (before `q`).
        let thumbnails = (try? Directory.entries(in: home.appending(".cache/thumbnails/normal"))) ?? []
            + ((try? Directory.entries(in: home.appending(".cache/thumbnails/large"))) ?? [])
        #expect(!thumbnails.isEmpty, "no thumbnail in the home's cache")
        let log = String(decoding: try File.read(home.appending(".local/state/gallery/gallery.log"), maxBytes: 1 << 20), as: UTF8.self)
        #expect(log.contains("render=ascii"), "\(log)")
        #expect(try Directory.entries(in: FilePath(root.path)).map(\.name).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
                == [home.name, "pictures"], "a folder of another name was made")
    }

    @Test func pickPrintsTheBytesOfThreeNamesThatAreNotUTF8() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (index, name) in Self.odd.enumerated() { try Self.write(try Self.jpeg(shade: 60 * index), in: folder.path, name: name) }
        let written = try await pick("GALLERY --pick --print0 FOLDER --render ascii > OUT", in: folder.path,
                                     waitingFor: "3 photos", pressing: ["Space", "l", "Space", "l", "Space", "Enter"])
        let expected = Self.odd.map { Array(folder.path.utf8) + [UInt8(ascii: "/")] + $0 }
        #expect(written.last == 0)
        #expect(Set(written.split(separator: 0).map(Array.init)) == Set(expected), "\(written)")
        #expect(written.count == expected.map { $0.count + 1 }.reduce(0, +))
    }

    @Test func aFileNamedInAnotherEncodingOpensItsFolderOnItAndIsPickedAsItsBytes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write(try Self.jpeg(shade: 10), in: folder.path, name: Array("b.jpg".utf8))
        try Self.write(try Self.jpeg(shade: 90), in: folder.path, name: Self.odd[2])
        // The argument reaches gallery as bytes: the shell's printf makes the 0xFF.
        let written = try await pick("GALLERY --pick --print0 \"FOLDER/a$(printf '\\377').jpg\" --render ascii > OUT",
                                     in: folder.path, waitingFor: "2 photos", pressing: ["Enter"])
        #expect(written == Array(folder.path.utf8) + [UInt8(ascii: "/")] + Self.odd[2] + [0])
    }

    @Test func viewDrawsAFileNamedInAnotherEncodingAndNamesAMissingOneEscaped() throws {
        let gallery = try #require(galleryExecutable())
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write(try Self.jpeg(shade: 120), in: folder.path, name: Self.invalid)
        let drawn = try runProgram(["/bin/sh", "-c", "exec \"$0\" view --size 20x6 --render halfblock \"$1\"/c*.jpg",
                                    gallery, folder.path], timeLimit: .seconds(60))
        #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(drawn.stderr)")
        #expect(drawn.stdout.split(separator: "\n").count == 6)
        let missing = try runProgram(["/bin/sh", "-c", "exec \"$0\" view --size 20x6 \"$1\"/gone$(printf '\\377').jpg",
                                      gallery, folder.path], timeLimit: .seconds(60))
        #expect(missing.status == 1)
        #expect(missing.stderr == "gallery: \(folder.path)/gone\\xFF.jpg: No such file or directory\n")
    }

    // MARK: - Helpers

    /// Runs `command` (`GALLERY` the executable, `FOLDER` the folder, `OUT` a file for its stdout)
    /// in a shell in tmux, waits for the picker's grid to say `ready`, presses `keys`, and returns
    /// the bytes written once it exited 0.
    private func pick(_ command: String, in folder: String, waitingFor ready: String,
                      pressing keys: [String]) async throws -> [UInt8] {
        let gallery = try #require(galleryExecutable())
        let output = folder + ".out"
        defer { unlink(output) }
        let line = command.replacingOccurrences(of: "GALLERY", with: gallery)
            .replacingOccurrences(of: "FOLDER", with: folder).replacingOccurrences(of: "OUT", with: output)
        let tmux = try TmuxSession(columns: 120, rows: 40)
        #expect(try await tmux.waitFor { $0.first?.hasPrefix("$") == true }.ok)
        try tmux.type("\(line); echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { $0.joined().contains(ready) && $0.joined().contains("Enter pick") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        for key in keys {
            try tmux.press(key)
            if key == "Space" { _ = try await tmux.waitFor { $0.joined().contains("marked") } }
        }
        let done = try await tmux.waitFor { $0.contains("EXIT=0") }
        #expect(done.ok, "\(done.screen.joined(separator: "\n"))")
        return Array(FileManager.default.contents(atPath: output) ?? Data())
    }

    static func jpeg(shade: Int) throws -> [UInt8] {
        try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(UInt8(shade), 90, 160)))
    }

    /// `folder`'s path and `name`'s bytes, NUL-terminated, for a C call.
    private static func path(_ folder: String, _ name: [UInt8]) -> [CChar] {
        (Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    }

    /// Writes `bytes` to a new file named by `name`'s bytes (Foundation's paths are text).
    static func write(_ bytes: [UInt8], in folder: String, name: [UInt8]) throws {
        let descriptor = open(path(folder, name), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// The file's bytes, nil when there is no such name.
    static func contents(_ folder: String, _ name: [UInt8]) -> [UInt8]? {
        let descriptor = open(path(folder, name), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return bytes
    }

    /// The names in `folder` as bytes, sorted.
    static func names(in folder: String) -> [[UInt8]] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let raw = UnsafeRawPointer(entry).advanced(by: nameOffset)
            let name = Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw.assumingMemoryBound(to: CChar.self))))
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
