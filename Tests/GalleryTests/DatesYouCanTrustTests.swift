import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import TestSupport
import Testing
@testable import Gallery

/// Where a local photo's date comes from (Exif with its zone, its name, its modification time),
/// how the detail pane says so, how `--sort taken` orders a messenger's folder, and what `/` finds.
@Suite("Dates you can trust")
struct DatesYouCanTrustTests {
    private let jpeg = try! JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(10, 20, 30)))

    private func touch(_ path: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
    }

    /// A flat folder of a messenger's files without Exif, their modification times the order of
    /// their copying (the reverse of when they were taken), is ordered by the dates in their names.
    @Test func aMessengersFolderIsOrderedByItsNames() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let taken = ["photo_2021-01-02_03-04-05.jpg", "IMG-20220310-WA0002.jpg", "WhatsApp Image 2022-03-10 at 09.00.00.jpeg",
                     "signal-2023-07-14-101500.jpeg", "Screenshot_2023-07-14-10-15-01.jpg", "IMG_20240101_000000.jpg"]
        for (place, name) in taken.enumerated() {
            try folder.write(jpeg, to: name)
            try touch(folder.path + "/" + name, seconds: 2_000_000_000 - Double(place) * 1_000)
        }
        try folder.write(jpeg, to: "DSC01234.jpg")
        try touch(folder.path + "/DSC01234.jpg", seconds: 1_900_000_000)
        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateTaken: .exif)
        let page = try await source.page(of: .all, page: 1, perPage: 20)
        #expect(page.photos.map(\.title) == taken + ["DSC01234.jpg"])
        #expect(page.photos.prefix(taken.count).allSatisfy { $0.captureDate?.source == .fileName })
        #expect(page.photos.last?.captureDate?.source == .modified)
        // The timeline files them under the same dates.
        #expect(page.timeline?.dates == page.photos.map { $0.captureDate?.date })
    }

    /// The detail pane words each source of the date in one place.
    @Test func theDetailPaneSaysWhereTheDateCameFrom() throws {
        let british = Locale(identifier: "en_GB")
        let date = try #require(PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15))
        #expect(TakenDate.line(for: CaptureDate(date: date, source: .recorded), locale: british) == "Taken 14 Jul 2023 at 10:15")
        #expect(TakenDate.line(for: CaptureDate(date: date, source: .recorded, offsetMinutes: 120), locale: british)
                == "Taken 14 Jul 2023 at 10:15 (UTC+02:00)")
        #expect(TakenDate.line(for: CaptureDate(date: date, source: .recorded, offsetMinutes: -210), locale: british)
                == "Taken 14 Jul 2023 at 10:15 (UTC-03:30)")
        #expect(TakenDate.line(for: CaptureDate(date: date, source: .fileName), locale: british)
                == "Taken 14 Jul 2023 at 10:15 (from the file name)")
        #expect(TakenDate.line(for: CaptureDate(date: date, source: .modified), locale: british) == nil)
    }

    /// The pane's own line for local files: from the name, and none for a modification time (its
    /// Modified line is among the file's lines).
    @MainActor
    @Test func thePanesTakenLineForAFilesNameAndItsModificationTime() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(jpeg, to: "IMG_20230714_101500.jpg")
        try folder.write(jpeg, to: "DSC01234.jpg")
        let source = try DirectorySource(path: FilePath(folder.path), dateTaken: .exif)
        func pane(_ name: String) async throws -> PhotoDetailViewModel {
            PhotoDetailViewModel(photo: try await source.photo(id: folder.path + "/" + name), source: source,
                                 loader: LocalFileImageLoader(), renderer: ThumbnailRenderer(mode: .halfblock, cell: .textCell))
        }
        let named = try await pane("IMG_20230714_101500.jpg").taken
        #expect(named == TakenDate.line(for: CaptureDate(date: PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15)!,
                                                         source: .fileName)))
        #expect(named?.hasSuffix("(from the file name)") == true)
        let modified = try await pane("DSC01234.jpg")
        #expect(modified.taken == nil)
        #expect(try await source.extraDetails(for: modified.photo).contains { $0.hasPrefix("Modified: ") })
    }

    /// A photo whose Exif exiftool wrote with OffsetTimeOriginal: the wall clock is the date, the
    /// zone beside it; through the listing, the item and the pane's line.
    @Test(.enabled(if: isOnPath("exiftool"), "needs exiftool (libimage-exiftool-perl)"))
    func theExifZoneIsKeptBesideTheDate() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(jpeg, to: "zoned.jpg")
        try folder.write(jpeg, to: "IMG_20200101_000000.jpg")
        let path = folder.path + "/zoned.jpg"
        let made = try runProgram(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2023:07:14 10:15:00",
                                   "-OffsetTimeOriginal=+02:00", "-Model=iPhone 12", "-Make=Apple", path,
                                   folder.path + "/IMG_20200101_000000.jpg"])
        #expect(made.status == 0, "\(made.stderr)")
        let metadata = PhotoMetadata(reading: try File.read(FilePath(path), maxBytes: 1 << 20))
        #expect(metadata.dateTaken == PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15))
        #expect(metadata.dateTakenOffsetMinutes == 120)

        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateTaken: .exif)
        let photo = try await source.photo(id: path)
        #expect(photo.captureDate == CaptureDate(date: PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15)!,
                                                 source: .recorded, offsetMinutes: 120))
        // Exif wins over the name.
        let named = try await source.photo(id: folder.path + "/IMG_20200101_000000.jpg")
        #expect(named.captureDate?.source == .recorded && named.captureDate?.date.year == 2023)
        #expect(TakenDate.line(for: try #require(photo.captureDate), locale: Locale(identifier: "en_GB"))
                == "Taken 14 Jul 2023 at 10:15 (UTC+02:00)")
    }

    /// A JPEG's date is read from its first 80 KB when it is there, and from its header when
    /// segments before its Exif push it further (two APP2 segments of 64 KB here).
    @Test func aJPEGsDateIsReadWhereverItsExifIs() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/orientation-1.jpg")
        let plain = [UInt8](try Data(contentsOf: fixture))
        let app2: [UInt8] = [0xFF, 0xE2, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD)
        let pushed = Array(plain.prefix(2)) + app2 + app2 + plain.dropFirst(2)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(plain, to: "plain.jpg")
        try folder.write(pushed, to: "pushed.jpg")
        // 2021-07-01 10:11:12, as the fixture's Exif says.
        #expect(DateTaken.exif.seconds(FilePath(folder.path + "/plain.jpg")) == 1_625_134_272)
        #expect(DateTaken.exif.seconds(FilePath(folder.path + "/pushed.jpg")) == 1_625_134_272)
    }

    /// `/` finds photos by their date taken, their camera and lens, and their folder below the
    /// listing's, besides their names, using the index rather than reading the files again.
    @Test func searchFindsDatesCamerasLensesAndFolders() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for path in ["2023/07/a.jpg", "2023/08/b.jpg", "trips/Paris/c.jpg", "WhatsApp Image 2023-07-14 at 10.15.00.jpeg"] {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty {
                try FileManager.default.createDirectory(atPath: folder.path + "/" + parent, withIntermediateDirectories: true)
            }
            try folder.write(jpeg, to: path)
        }
        try touch(folder.path + "/trips/Paris/c.jpg", seconds: 1_500_000_000)
        let records: [String: TakenRecord] = [
            "a.jpg": TakenRecord(date: PhotoDate(year: 2023, month: 7, day: 1), camera: "Apple iPhone 12 Pro", lens: "iPhone 12 Pro back camera"),
            "b.jpg": TakenRecord(date: PhotoDate(year: 2022, month: 8, day: 2), camera: "Canon EOS 40D", lens: "EF-S17-85mm f/4-5.6 IS USM"),
        ]
        let reads = Locked(0)
        let index = DateIndex(file: FilePath(folder.path).appending(".index"))
        let dateTaken = DateTaken(reading: { path, _ in
            reads.withLock { $0 += 1 }
            return records[path.name.description] ?? TakenRecord()
        }, index: index)
        // The index is another's: names below the folder are searched, not the folder's own path.
        let source = try DirectorySource(path: FilePath(folder.path), recursive: true, dateTaken: dateTaken)
        func found(_ query: String) throws -> [String] { try source.matching(query).map(\.path.name.description).sorted() }

        #expect(try found("2023-07") == ["WhatsApp Image 2023-07-14 at 10.15.00.jpeg", "a.jpg"])
        #expect(try found("2023-07-14") == ["WhatsApp Image 2023-07-14 at 10.15.00.jpeg"])
        #expect(try found("2022") == ["b.jpg"])
        #expect(try found("iphone 12") == ["a.jpg"])
        #expect(try found("canon 40d") == ["b.jpg"])
        #expect(try found("17-85mm") == ["b.jpg"])
        #expect(try found("paris") == ["c.jpg"])
        #expect(try found("trips/par") == ["c.jpg"])
        #expect(try found("2023/08") == ["b.jpg"])
        #expect(try found("nikon").isEmpty)
        // Folder tiles of a folder listing are found by name, as before.
        let top = try DirectorySource(path: FilePath(folder.path), dateTaken: dateTaken)
        #expect(try top.matching("trips").map(\.title) == ["trips"])
        // Each file was read once, for the first search; the later ones asked the index.
        #expect(reads.withLock { $0 } == 4)
        #expect(index.count == 4)
    }
}
