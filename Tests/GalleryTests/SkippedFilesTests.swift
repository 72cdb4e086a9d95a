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
        let app = LibraryHarness(try DirectorySource(path: folder.path))
        await eventually { app.coordinator.viewModel?.skipped == 3 }
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
        let scan = try LibraryScan.folder(folder.path, recursive: true)
        #expect(scan.skipped == 2)
        #expect(scan.skipReasons.sorted() == [
            "skipped \"\(folder.path)/notes\\u{1B}[2J.txt\": not a photo format gallery shows",
            "skipped \"\(folder.path)/sub/up\": a link to a folder already listed (a loop)",
        ])
        let given = LibraryScan.paths([folder.path + "/gone.jpg"])
        #expect(given.skipReasons == ["skipped \"\(folder.path)/gone.jpg\": no such file"])

        let many = try TemporaryDirectory()
        defer { many.remove() }
        for index in 0..<(LibraryScan.maxSkipReasons + 5) { try many.write([0], to: "\(index).txt") }
        let crowded = try LibraryScan.folder(many.path, recursive: false)
        #expect(crowded.skipped == LibraryScan.maxSkipReasons + 5)
        #expect(crowded.skipReasons.count == LibraryScan.maxSkipReasons)
    }
}
