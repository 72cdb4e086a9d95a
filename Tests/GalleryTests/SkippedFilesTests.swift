import OperatingSystem
import TestSupport
import Foundation
import Imaging
import Testing
@testable import Gallery

/// Files a folder holds that the grid does not show: counted in the status bar, named in the log.
@Suite("Skipped files")
struct SkippedFilesTests {
    @Test @MainActor func theStatusBarCountsTheSkippedFiles() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(10, 20, 30)))
        for name in ["a.jpg", "b.jpg"] { try folder.write(jpeg, to: name) }
        for name in ["notes.txt", "list.csv", "song.mp3"] { try folder.write(Array("not a photo".utf8), to: name) }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        let grid = app.coordinator.viewModel!
        await grid.until { grid.skipped == 3 }
        let status = await app.settle()
        #expect(status.contains("2 photos · 3 skipped · 1 of 2"), "\(status)")
        #expect(!status.contains("unsupported"), "the count says it; the names are in the log")
    }

    @Test @MainActor func theCountComesAfterThePhotosAndGroupsItsDigits() {
        #expect(PhotosView.countParts(total: 1_512, selected: 0, perPage: 30, pageCount: 51, skipped: 3)
                == ["1,512 photos", "3 skipped", "1 of 1,512", "page 1 of 51"])
        #expect(PhotosView.countParts(total: 5, folders: 1, selected: 0, perPage: 30, pageCount: 1, skipped: 12_000)
                == ["1 folder · 4 photos", "12,000 skipped", "1 of 5"])
    }

    @Test func theLogGetsEachPathWithWhyUpToACap() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(Array("text".utf8), to: "notes\u{1B}[2J.txt")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/sub/up", withDestinationPath: folder.path)
        let scan = try LibraryScan.folder(FilePath(folder.path), recursive: true)
        #expect(scan.skipped == 2)
        #expect(scan.skipReasons.sorted() == [
            "skipped \"\(folder.path)/notes\\x1B[2J.txt\": not a photo or video format gallery shows",
            "skipped \"\(folder.path)/sub/up\": a link to a folder already listed (a loop)",
        ])
        let given = LibraryScan.paths([FilePath(folder.path + "/gone.jpg")])
        #expect(given.skipReasons == ["skipped \"\(folder.path)/gone.jpg\": no such file"])

        let many = try TemporaryDirectory()
        defer { many.remove() }
        for index in 0..<(LibraryScan.maxSkipReasons + 5) { try many.write([0], to: "\(index).txt") }
        let crowded = try LibraryScan.folder(FilePath(many.path), recursive: false)
        #expect(crowded.skipped == LibraryScan.maxSkipReasons + 5)
        #expect(crowded.skipReasons.count == LibraryScan.maxSkipReasons)
    }

    /// A FIFO in a folder, and a link to one named like a photo, are skipped by their type: opened
    /// for reading, either would wait for a writer (the writer's open below would then not fail).
    @Test func aFIFOIsSkippedWithoutBeingOpened() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try #require(mkfifo(folder.path + "/pipe.jpg", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.jpg", withDestinationPath: folder.path + "/pipe.jpg")
        let scan = try LibraryScan.folder(FilePath(folder.path), recursive: false)
        #expect(scan.entries.isEmpty && scan.skipped == 2)
        #expect(scan.skipReasons.sorted() == [
            "skipped \"\(folder.path)/link.jpg\": a FIFO, not a file",
            "skipped \"\(folder.path)/pipe.jpg\": a FIFO, not a file",
        ])
        #expect(throws: GalleryError.notAFile(folder.path + "/link.jpg", what: "a FIFO")) {
            try DirectorySource.opening(FilePath(folder.path + "/link.jpg"))
        }
        let writer = open(folder.path + "/pipe.jpg", O_WRONLY | O_NONBLOCK)
        #expect(writer < 0 && errno == ENXIO, "the FIFO has a reader")
        if writer >= 0 { close(writer) }
    }

    /// A folder large enough for its files to be classified on several threads lists each file
    /// once, photos and others told apart by their bytes, as a small one does.
    @Test func aLargeFolderIsClassifiedFileByFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(1, 2, 3)))
        let count = 2 * LibraryScan.filesPerThread + 7
        // Every third file is text named like a photo; every fifth a photo named like text.
        for index in 0..<count {
            let isMedia = index % 3 != 0
            try folder.write(isMedia ? jpeg : Array("text".utf8), to: "f\(index)." + (index % 5 == 0 ? "txt" : "jpg"))
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        let scan = try LibraryScan.folder(FilePath(folder.path), recursive: false)
        let photos = Set((0..<count).filter { $0 % 3 != 0 }.map { "f\($0)." + ($0 % 5 == 0 ? "txt" : "jpg") })
        #expect(Set(scan.entries.filter { $0.kind == .photo }.map(\.title)) == photos)
        #expect(scan.entries.filter { $0.kind == .photo }.count == photos.count, "each file once")
        #expect(scan.entries.filter { $0.kind == .folder }.map(\.title) == ["sub"])
        #expect(scan.unsupported == count - photos.count)
        #expect(scan.entries.allSatisfy { $0.kind == .folder || $0.size == jpeg.count })
    }
}
