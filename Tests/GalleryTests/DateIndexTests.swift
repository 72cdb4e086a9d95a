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
        let indexFile = FilePath(folder.path).appending("index")
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

    @Test(arguments: ["cut", "garbage", "wrong version", "trailing"])
    func aDamagedIndexIsIgnoredAndMadeAgain(damage: String) async throws {
        let folder = try folder(photos: 4)
        defer { folder.remove() }
        let indexFile = FilePath(folder.path).appending("index")
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
                            record: TakenRecord(date: PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15),
                                                offsetMinutes: -330, camera: "Canon EOS 40D", lens: "EF 50mm"),
                            seenDay: 19_000),
            DateIndex.Entry(key: .init(path: "/b.jpg", size: 0, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 0),
                            record: TakenRecord(), seenDay: 0),
        ]
        let decoded = try #require(DateIndex.decode(DateIndex.encode(entries)))
        #expect(Set(decoded.map(\.key)) == Set(entries.map(\.key)))
        #expect(decoded.first { $0.key.path == "/b.jpg" } == entries[1])
        #expect(decoded.first { $0.key.path != "/b.jpg" } == entries[0])
        // Every cut of it is refused, none crashes.
        let bytes = DateIndex.encode(entries)
        for length in 0..<bytes.count { #expect(DateIndex.decode(Array(bytes.prefix(length))) == nil) }
    }

    /// Long unseen entries are dropped, and at most `maxEntries` kept, the most recently seen.
    @Test func itStaysBounded() {
        func entry(_ name: String, seenDay: Int) -> DateIndex.Entry {
            DateIndex.Entry(key: .init(path: FilePath(name), size: 1, modifiedSeconds: 1, modifiedNanoseconds: 0),
                            record: TakenRecord(), seenDay: seenDay)
        }
        let entries = [entry("/old", seenDay: 100), entry("/recent", seenDay: 100 + DateIndex.forgottenAfterDays)]
        let kept = DateIndex.pruned(Dictionary(uniqueKeysWithValues: entries.map { ($0.key.path, $0) }),
                                    today: 101 + DateIndex.forgottenAfterDays)
        #expect(Array(kept.keys) == ["/recent"])
    }

    /// An index scripts/fuzz_corpus.py wrote (its seed "several"): the fuzzer's seeds are of this
    /// format. Every cut of it and every byte changed is read whole or refused, and what is read
    /// writes back as itself.
    static let seed: [UInt8] = [
        71, 76, 68, 65, 84, 69, 83, 49, 3, 0, 0, 0, 8, 0, 47, 112, 47, 97, 46, 106, 112, 103, 1, 0,
        0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 201, 154, 59, 0, 0, 0, 0, 0, 0,
        0, 12, 0, 47, 112, 47, 233, 116, 233, 32, 255, 46, 106, 112, 103, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 32, 78, 0, 0, 3, 128, 129, 85, 124, 255, 255, 255, 255,
        198, 253, 13, 67, 97, 110, 111, 110, 32, 69, 79, 83, 32, 52, 48, 68, 0, 8, 0, 47, 112, 47, 98, 46,
        106, 112, 103, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        0, 0, 0, 1, 127, 65, 244, 255, 58, 0, 0, 0, 0, 11, 69, 70, 45, 83, 49, 55, 45, 56, 53, 109,
        109,
    ]

    @Test func theFuzzersSeedIsOfThisFormat() throws {
        let entries = try #require(DateIndex.decode(Self.seed))
        #expect(entries.map(\.record.camera) == [nil, "Canon EOS 40D", nil])
        #expect(entries[1].record.offsetMinutes == -570 && entries[1].key.path.bytes.last == UInt8(ascii: "g"))
        #expect(DateIndex.decode(DateIndex.encode(entries)).map { Set($0.map(\.key)) } == Set(entries.map(\.key)))
        for place in Self.seed.indices {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF] {
                var changed = Self.seed
                changed[place] = value
                guard let read = DateIndex.decode(changed) else { continue }
                #expect(DateIndex.decode(DateIndex.encode(read))?.count == read.count)
            }
        }
    }
}
