#if TESTABLE_IMPORTS
@testable import Gallery
import OperatingSystem

/// The input is file names, separated by NUL bytes (the one byte no name holds), any other bytes
/// in them: UTF-8 or not, controls, backslashes, look-alikes. They are made in a new temporary
/// folder, which is then listed as the app lists it, each name's path shown, percent-encoded,
/// read and sent to the trash and back; each must stay its own file throughout.
enum FolderNamesFuzzTarget {
    /// A few files an input: enough for look-alikes to meet, few enough to keep a run short.
    static let maxNames = 8
    /// What the sniffer takes for a JPEG; each file's name follows, so each holds bytes of its own.
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let base = FilePath(CurrentProcess.environmentVariable("TMPDIR") ?? "/tmp")
        guard let made = try? Directory.makeTemporary(prefix: base.appending("gallery-fuzz-names-").description) else { return }
        let root = FilePath(made), folder = root.appending("names")
        defer { Directory.removeTree(root) }
        guard (try? File.makeDirectories(folder)) != nil else { return }
        var contents: [FilePath: [UInt8]] = [:]
        for (index, part) in input.split(separator: 0).prefix(maxNames).enumerated() {
            // A slash would name a file in another folder: it is no part of one name.
            let name = FilePath(bytes: part.filter { $0 != UInt8(ascii: "/") })
            guard !name.isEmpty, name != ".", name != "..", contents[name] == nil else { continue }
            let bytes = (index.isMultiple(of: 2) ? jpegStart : Array("text ".utf8)) + name.bytes
            // A name longer than the file system holds (ENAMETOOLONG) is not made, and not looked for.
            guard (try? File.write(bytes, to: folder.appending(name), .creatingNew(permissions: 0o600))) != nil else { continue }
            contents[name] = bytes
        }
        try checkListing(of: folder, holding: contents)
        try checkTrashAndBack(in: folder, to: root.appending("Trash"), holding: contents)
    }

    /// `Directory` gives back every name's bytes; the library lists each file apart, under a
    /// title and an id of its own, and each opens its own bytes.
    private static func checkListing(of folder: FilePath, holding contents: [FilePath: [UInt8]]) throws {
        let names = try Directory.entries(in: folder).map(\.name)
        try check(Set(names) == Set(contents.keys) && names.count == contents.count,
                  "folder-names: listed \(names) for \(contents.keys.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) })")
        let shown = Set(names.map(\.description))
        try check(shown.count == names.count, "folder-names: two names show alike: \(names.map(\.bytes))")
        for name in names {
            let path = folder.appending(name)
            try check(percentDecoded(path.percentEncoded(keeping: "/")) == path.bytes,
                      "folder-names: \(path.bytes) percent-encodes as \(path.percentEncoded(keeping: "/"))")
            try check(FilePath(shown: path.description) == path, "folder-names: \(path.bytes) shows as \(path.description.debugDescription), read back otherwise")
            try check(FileURI.of(path: path).hasPrefix("file:///") && FileURI.of(path: path).utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F },
                      "folder-names: \(path.bytes) has the URI \(FileURI.of(path: path).debugDescription)")
        }
        let scan = try LibraryScan.folder(folder, recursive: false)
        // With an index, a second scan looks each file up from its folder held open, by name.
        let index = DateIndex(file: folder.parent.appending("dates.index"))
        let first = try LibraryScan.folder(folder, recursive: false, index: index)
        let second = try LibraryScan.folder(folder, recursive: false, index: index)
        for indexed in [first, second] {
            try check(indexed.entries.map(\.path) == scan.entries.map(\.path) && indexed.unsupported == scan.unsupported,
                      "folder-names: with the index listed \(indexed.entries.map(\.path.bytes)), without \(scan.entries.map(\.path.bytes))")
        }
        try check(second.filesOpened == 0, "folder-names: the second scan opened \(second.filesOpened) files the index knew")
        let visible = contents.keys.filter { !$0.isHidden }
        try check(scan.entries.count + scan.unsupported == visible.count,
                  "folder-names: \(visible.count) files gave \(scan.entries.count) photos and \(scan.unsupported) others")
        try check(Set(scan.entries.map(\.path.description)).count == scan.entries.count, "folder-names: two photos share an id")
        for entry in scan.entries {
            let name = entry.path.name
            try check(entry.path == folder.appending(name) && entry.title == name.description,
                      "folder-names: \(name.bytes) listed as \(entry.path.bytes) titled \(entry.title.debugDescription)")
            try check((try? File.read(entry.path, maxBytes: 1 << 16)) == contents[name], "folder-names: \(name.bytes) opens other bytes")
        }
    }

    /// Each file goes to a trash in the folder and back under its own bytes, its record's `Path=`
    /// spelling them; the others stay as they were.
    private static func checkTrashAndBack(in folder: FilePath, to trashFolder: FilePath, holding contents: [FilePath: [UInt8]]) throws {
        let trash = FreedesktopTrash(homeTrash: trashFolder, now: { 0 })
        for (name, bytes) in contents {
            let path = folder.appending(name)
            guard let trashed = try? trash.moveToTrash(path) else { throw FuzzFinding("folder-names: \(name.bytes) cannot go to the trash") }
            try check((try? FileStatus(path: path, followingLinks: false)) == nil, "folder-names: \(name.bytes) is still there")
            let record = (try? File.read(trashed.infoPath, maxBytes: 1 << 16)) ?? []
            let recorded = String(decoding: record, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Path=") }
            try check(recorded.map { percentDecoded(String($0.dropFirst(5))) } == path.bytes,
                      "folder-names: \(name.bytes) recorded as \(String(describing: recorded))")
            do {
                try trash.restore(trashed)
            } catch {
                throw FuzzFinding("folder-names: \(name.bytes) did not come back: \(error)")
            }
            try check((try? File.read(path, maxBytes: 1 << 16)) == bytes, "folder-names: \(name.bytes) came back other")
        }
    }

    /// `%XX` as the byte it stands for; anything else as its own byte.
    private static func percentDecoded(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                decoded.append(byte)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }
}
#endif
