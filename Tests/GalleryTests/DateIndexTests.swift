import Foundation
import Imaging
import OperatingSystem
import TestSupport
import Testing
@testable import Gallery

/// The index of dates taken: a second listing reads no file it knows as it is, a changed file is
/// read again, a damaged index is ignored, and it stays bounded.
@Suite("Index of dates taken")
struct DateIndexTests {
    private let jpeg = try! JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(10, 20, 30)))

    /// A reader through the seam that counts its reads and gives each file a date by its name's length.
    private final class CountingReader: Sendable {
        let reads = Locked(0)

        func dateTaken(index: DateIndex) -> DateTaken {
            DateTaken(reading: { [reads] path, _ in
                reads.withLock { $0 += 1 }
                return TakenRecord(date: PhotoDate(year: 2000 + path.name.bytes.count, month: 1, day: 2),
                                   offsetMinutes: 120, camera: "Apple iPhone 12", lens: "back camera")
            }, index: index)
        }
    }

    private func folder(photos count: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for number in 0..<count { try folder.write(jpeg, to: "photo \(number).jpg") }
        return folder
    }

    private func titles(_ source: DirectorySource) async throws -> [String] {
        try await source.photos(page: 1, perPage: 100).map(\.title)
    }

    @Test func aSecondListingReadsNoFileItKnows() async throws {
        let folder = try folder(photos: 12)
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending(".cache/gallery/dates.index")
        let first = CountingReader()
        let listed = try await titles(DirectorySource(path: FilePath(folder.path), order: .taken,
                                                      dateTaken: first.dateTaken(index: DateIndex(file: indexFile))))
        #expect(first.reads.withLock { $0 } == 12)
        #expect(FileManager.default.fileExists(atPath: indexFile.description))

        // A new launch: a new index read from the file.
        let second = CountingReader()
        let dateTaken = second.dateTaken(index: DateIndex(file: indexFile))
        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateTaken: dateTaken)
        #expect(try await titles(source) == listed)
        // The items shown take their dates from it too.
        let photo = try await source.photo(id: folder.path + "/photo 3.jpg")
        #expect(photo.captureDate == CaptureDate(date: PhotoDate(year: 2011, month: 1, day: 2)!, source: .recorded, offsetMinutes: 120))
        #expect(second.reads.withLock { $0 } == 0)
    }

    @Test func aFileChangedSinceIsReadAgain() async throws {
        let folder = try folder(photos: 3)
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending(".index")
        _ = try await titles(DirectorySource(path: FilePath(folder.path), order: .taken,
                                             dateTaken: CountingReader().dateTaken(index: DateIndex(file: indexFile))))
        // Touched: the same size, another modification time (to the nanosecond).
        let touched = folder.path + "/photo 1.jpg"
        let status = try FileStatus(path: FilePath(touched))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Double(status.modifiedSeconds) + 0.25)], ofItemAtPath: touched)
        let second = CountingReader()
        _ = try await titles(DirectorySource(path: FilePath(folder.path), order: .taken,
                                             dateTaken: second.dateTaken(index: DateIndex(file: indexFile))))
        #expect(second.reads.withLock { $0 } == 1)
    }

    /// A folder of each kind of file: photos, a video, text, a sidecar, a subfolder.
    private func mixedFolder() throws -> TemporaryDirectory {
        let folder = try folder(photos: 5)
        try folder.write(Array("\0\0\0\u{18}ftypisom\0\0\0\0".utf8), to: "clip.mp4")
        try folder.write(Array("notes".utf8), to: "notes.txt")
        try folder.write(Array("<x:xmpmeta/>".utf8), to: "photo 0.xmp")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        try folder.write(jpeg, to: "sub/below.jpg")
        return folder
    }

    /// What a scan found: each entry's title and kind, and what it skipped.
    private func found(_ scan: LibraryScan) -> [String] {
        scan.entries.map { "\($0.title) \($0.kind) \($0.companions.count)" } + ["skipped \(scan.skipped)"]
    }

    /// The index keeps what each file is: a scan of files it knows as they are opens none of them,
    /// and finds what the scan that opened them found; a file changed since is opened again.
    @Test(arguments: [false, true])
    func aSecondScanOpensNoFileItKnows(recursive: Bool) throws {
        let folder = try mixedFolder()
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending(".cache/dates.index")
        let firstIndex = DateIndex(file: indexFile)
        let first = try LibraryScan.folder(FilePath(folder.path), recursive: recursive, index: firstIndex)
        firstIndex.save()
        // Five photos, the video and the text (the sidecar is told by its name), and the photo below.
        #expect(first.filesOpened == (recursive ? 8 : 7))
        #expect(first.entries.count { $0.kind == .video } == 1 && first.skipped == 1)
        // Without an index, every file is opened at every scan.
        #expect(try LibraryScan.folder(FilePath(folder.path), recursive: recursive).filesOpened == first.filesOpened)

        // A new launch: the index read from its file.
        let second = try LibraryScan.folder(FilePath(folder.path), recursive: recursive, index: DateIndex(file: indexFile))
        #expect(second.filesOpened == 0)
        #expect(found(second) == found(first))

        // The text is a photo now: opened again, and listed.
        try folder.write(jpeg, to: "notes.txt")
        let third = try LibraryScan.folder(FilePath(folder.path), recursive: recursive, index: DateIndex(file: indexFile))
        #expect(third.filesOpened == 1)
        #expect(third.entries.contains { $0.title == "notes.txt" && $0.kind == .photo } && third.skipped == 0)
    }

    /// A listing by name keeps what files are, and one by date taken their records beside: a
    /// second launch opens nothing to list them and reads no Exif, whichever order came first.
    @Test func aListingByNameKeepsWhatFilesAre() throws {
        let folder = try mixedFolder()
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending(".cache/dates.index")
        let photo = folder.path + "/photo 1.jpg"
        let byName = CountingReader()
        #expect(try DirectorySource(path: FilePath(folder.path), order: .name,
                                    dateTaken: byName.dateTaken(index: DateIndex(file: indexFile))).index(ofID: photo) != nil)
        #expect(byName.reads.withLock { $0 } == 0)
        let kept = try #require(DateIndex.decode(try File.read(indexFile, maxBytes: 1 << 20)))
        #expect(kept.map(\.kind.rawValue).sorted() == [1, 1, 1, 1, 1, 2, 3])
        #expect(kept.allSatisfy { $0.record == nil })

        let byDate = CountingReader()
        let listed = try DirectorySource(path: FilePath(folder.path), order: .taken,
                                         dateTaken: byDate.dateTaken(index: DateIndex(file: indexFile))).index(ofID: photo)
        #expect(byDate.reads.withLock { $0 } == 5)
        let again = CountingReader()
        let index = DateIndex(file: indexFile)
        #expect(try DirectorySource(path: FilePath(folder.path), order: .taken,
                                    dateTaken: again.dateTaken(index: index)).index(ofID: photo) == listed)
        #expect(again.reads.withLock { $0 } == 0)
        #expect(try LibraryScan.folder(FilePath(folder.path), recursive: false, index: index).filesOpened == 0)
    }

    @Test(arguments: ["cut", "garbage", "wrong version", "trailing"])
    func aDamagedIndexIsIgnoredAndMadeAgain(damage: String) async throws {
        let folder = try folder(photos: 4)
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending(".index")
        _ = try await titles(DirectorySource(path: FilePath(folder.path), order: .taken,
                                             dateTaken: CountingReader().dateTaken(index: DateIndex(file: indexFile))))
        let whole = try File.read(indexFile, maxBytes: 1 << 20)
        let damaged: [UInt8] = switch damage {
        case "cut": Array(whole.dropLast(3))
        case "garbage": Array(whole.prefix(12)) + [UInt8](repeating: 0xFF, count: whole.count - 12)
        case "wrong version": Array("GLDATES9".utf8) + whole.dropFirst(8)
        default: whole + [0]
        }
        try File.write(damaged, to: indexFile, .replacing(permissions: 0o600))
        let second = CountingReader()
        _ = try await titles(DirectorySource(path: FilePath(folder.path), order: .taken,
                                             dateTaken: second.dateTaken(index: DateIndex(file: indexFile))))
        #expect(second.reads.withLock { $0 } == 4)
        // Written afresh: a third launch reads nothing.
        #expect(DateIndex.decode(try File.read(indexFile, maxBytes: 1 << 20))?.count == 4)
    }

    @Test func itsFormatReadsBackWhatItWrote() throws {
        let entries = [
            DateIndex.Entry(key: .init(path: FilePath(bytes: Array("/a/\u{E9}t\u{E9}".utf8) + [0xFF]), size: 1_234,
                                       modifiedSeconds: -5, modifiedNanoseconds: 999_999_999),
                            kind: .photo, record: TakenRecord(date: PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15),
                                                offsetMinutes: -330, camera: "Canon EOS 40D", lens: "EF 50mm"),
                            seenDay: 19_000),
            DateIndex.Entry(key: .init(path: "/b.jpg", size: 0, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 0),
                            kind: .photo, record: TakenRecord(), seenDay: 0),
            DateIndex.Entry(key: .init(path: "/c.jpg", size: 7, modifiedSeconds: 1, modifiedNanoseconds: 2),
                            kind: .photo, record: nil, seenDay: 3),
            DateIndex.Entry(key: .init(path: "/d.mp4", size: 8, modifiedSeconds: 1, modifiedNanoseconds: 2),
                            kind: .video, record: nil, seenDay: 3),
            DateIndex.Entry(key: .init(path: "/e.txt", size: 9, modifiedSeconds: 1, modifiedNanoseconds: 2),
                            kind: .neither, record: nil, seenDay: 3),
        ]
        let decoded = try #require(DateIndex.decode(DateIndex.encode(entries)))
        #expect(decoded.count == entries.count)
        for entry in entries { #expect(decoded.first { $0.key == entry.key } == entry) }
        // Every cut of it is refused, none crashes.
        let bytes = DateIndex.encode(entries)
        for length in 0..<bytes.count { #expect(DateIndex.decode(Array(bytes.prefix(length))) == nil) }
    }

    /// Long unseen entries are dropped, and at most `maxEntries` kept, the most recently seen.
    @Test func itStaysBounded() {
        func entry(_ name: String, seenDay: Int) -> DateIndex.Entry {
            DateIndex.Entry(key: .init(path: FilePath(name), size: 1, modifiedSeconds: 1, modifiedNanoseconds: 0),
                            kind: .photo, record: TakenRecord(), seenDay: seenDay)
        }
        let entries = [entry("/old", seenDay: 100), entry("/recent", seenDay: 100 + DateIndex.forgottenAfterDays)]
        let kept = DateIndex.pruned(entries, today: 101 + DateIndex.forgottenAfterDays)
        #expect(kept.map(\.key.path) == ["/recent"])
    }

    /// An index of the first version, which kept photos' records only, as scripts/fuzz_corpus.py
    /// wrote it (its seed "first-version"): an index an earlier release left is read, its entries
    /// photos. Every cut of it and every byte changed is read whole or refused, and what is read
    /// writes back as itself.
    static let firstVersion: [UInt8] = [
        71, 76, 68, 65, 84, 69, 83, 49, 3, 0, 0, 0, 8, 0, 47, 112, 47, 97, 46, 106, 112, 103, 1, 0,
        0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 201, 154, 59, 0, 0, 0, 0, 0, 0,
        0, 12, 0, 47, 112, 47, 233, 116, 233, 32, 255, 46, 106, 112, 103, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 32, 78, 0, 0, 3, 128, 129, 85, 124, 255, 255, 255, 255,
        198, 253, 13, 67, 97, 110, 111, 110, 32, 69, 79, 83, 32, 52, 48, 68, 0, 8, 0, 47, 112, 47, 98, 46,
        106, 112, 103, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        0, 0, 0, 1, 127, 65, 244, 255, 58, 0, 0, 0, 0, 11, 69, 70, 45, 83, 49, 55, 45, 56, 53, 109,
        109,
    ]

    /// The same entries in this version, and one of each kind (its seeds "several" and "kinds").
    static let several: [UInt8] = [
        71, 76, 68, 65, 84, 69, 83, 50, 3, 0, 0, 0, 8, 0, 47, 112, 47, 97, 46, 106, 112, 103, 1, 0, 0, 0, 0, 0,
        0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 201, 154, 59, 0, 0, 0, 0, 1, 4, 0, 0, 12, 0, 47, 112,
        47, 233, 116, 233, 32, 255, 46, 106, 112, 103, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
        0, 32, 78, 0, 0, 1, 7, 128, 129, 85, 124, 255, 255, 255, 255, 198, 253, 13, 67, 97, 110, 111, 110, 32, 69,
        79, 83, 32, 52, 48, 68, 0, 8, 0, 47, 112, 47, 98, 46, 106, 112, 103, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 5, 127, 65, 244, 255, 58, 0, 0, 0, 0, 11, 69, 70, 45, 83, 49, 55,
        45, 56, 53, 109, 109,
    ]
    static let kinds: [UInt8] = [
        71, 76, 68, 65, 84, 69, 83, 50, 4, 0, 0, 0, 11, 0, 47, 112, 47, 99, 108, 105, 112, 46, 109, 112, 52, 10,
        0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 78, 0, 0, 2, 0, 12, 0, 47, 112, 47, 110,
        111, 116, 101, 115, 46, 116, 120, 116, 3, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 32,
        78, 0, 0, 3, 0, 13, 0, 47, 112, 47, 117, 110, 114, 101, 97, 100, 46, 106, 112, 103, 99, 0, 0, 0, 0, 0,
        0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 32, 78, 0, 0, 1, 0, 11, 0, 47, 112, 47, 114, 101, 97, 100, 46,
        106, 112, 103, 99, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 32, 78, 0, 0, 1, 5, 36, 32,
        177, 100, 0, 0, 0, 0, 0, 0,
    ]

    @Test func anIndexOfTheFirstVersionIsRead() throws {
        let entries = try #require(DateIndex.decode(Self.firstVersion))
        #expect(entries.map(\.record?.camera) == [nil, "Canon EOS 40D", nil])
        #expect(entries[1].record?.offsetMinutes == -570 && entries[1].key.path.bytes.last == UInt8(ascii: "g"))
        #expect(entries.allSatisfy { $0.kind == .photo && $0.record != nil })
        // Written again, it is of this version, with the same entries.
        #expect(DateIndex.encode(entries).starts(with: DateIndex.magic))
        #expect(Self.same(DateIndex.decode(DateIndex.encode(entries)), entries))
        #expect(DateIndex.decode(Self.several) == entries)
    }

    /// The same entries in any order (an index is written sorted by path).
    private static func same(_ read: [DateIndex.Entry]?, _ entries: [DateIndex.Entry]) -> Bool {
        read.map { read in read.count == entries.count && entries.allSatisfy { read.contains($0) } } ?? false
    }

    @Test func theFuzzersSeedsAreOfThisFormat() throws {
        let kinds = try #require(DateIndex.decode(Self.kinds))
        #expect(kinds.map(\.kind) == [.video, .neither, .photo, .photo])
        #expect(kinds.map { $0.record == nil } == [true, true, true, false])
        for seed in [Self.firstVersion, Self.several, Self.kinds] {
            let entries = try #require(DateIndex.decode(seed))
            #expect(Self.same(DateIndex.decode(DateIndex.encode(entries)), entries))
            for place in seed.indices {
                for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF] {
                    var changed = seed
                    changed[place] = value
                    guard let read = DateIndex.decode(changed) else { continue }
                    #expect(DateIndex.decode(DateIndex.encode(read))?.count == read.count)
                }
            }
        }
    }
}
