import Foundation
import Imaging
import OperatingSystem
import TestSupport
import TUI
import Testing
@testable import Gallery

/// Videos in a folder are items of their own: a tile with the poster and how long it plays, the
/// detail pane's line, marks and `--pick` as for photos.
@MainActor
@Suite("Video items")
struct VideoItemsTests {
    /// The 5-second, 64x36, 10 fps H.264 clip of the Imaging fixtures.
    private static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ImagingTests/Fixtures/clip.mp4")

    private func folderWithAClip() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(Array(try Data(contentsOf: Self.clip)), to: "clip.mp4")
        try folder.write(try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30))), to: "a.jpg")
        try folder.write(Array("not a video".utf8), to: "notes.mp4")
        return folder
    }

    @Test func aFolderListsItsVideosWithWhatTheirContainerSays() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let folder = try folderWithAClip()
        defer { folder.remove() }
        let source = try DirectorySource(path: FilePath(folder.path))
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["a.jpg", "clip.mp4"])
        #expect(page.skipped == 1, "a file named .mp4 that is no video is skipped, as any file that is no photo")
        let video = try #require(page.photos.last)
        #expect(video.video == VideoClip(duration: .seconds(5), framesPerSecond: 10, codec: "h264"))
        #expect((video.width, video.height) == (64, 36))
        #expect(video.isMedia)
        let lines = try await source.extraDetails(for: video)
        #expect(lines.first == "Video: 0:05 · 10 fps · h264", "\(lines)")
    }

    @Test func theGridShowsItsPosterAndLengthAndMarksIt() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let folder = try folderWithAClip()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        _ = await app.settle()
        let grid = try #require(app.coordinator.viewModel)
        let id = try #require(grid.photos.last?.id)
        await grid.until { grid.thumbnails[id]?.thumbnail != nil }
        let status = await app.settle()
        #expect(app.screen.text().joined().contains("▶ 0:05 clip.mp4"), "\(app.screen.text())")
        #expect(status.contains("1 photo · 1 video"), "videos are counted as such: \(status)")
        app.press(.right, .character(" "))
        #expect(grid.markedPhotos.map(\.title) == ["clip.mp4"], "a video is marked as a photo is")
    }

    /// FFmpeg is handed the open file, not its name as text: a name that is not UTF-8 plays too.
    @Test func aVideoWhoseNameIsNotUTF8IsProbedAndItsPosterDrawn() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let name = FilePath(bytes: Array("clip".utf8) + [0xFF] + Array(".mp4".utf8))
        try File.write(Array(try Data(contentsOf: Self.clip)), to: FilePath(folder.path).appending(name), .creatingNew(permissions: 0o644))
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path)))
        _ = await app.settle()
        let grid = try #require(app.coordinator.viewModel)
        let video = try #require(grid.photos.first)
        #expect(video.title == "clip\\xFF.mp4")
        #expect(video.video == VideoClip(duration: .seconds(5), framesPerSecond: 10, codec: "h264"))
        await grid.until { grid.thumbnails[video.id].map { $0 != .loading } ?? false }
        #expect(grid.thumbnails[video.id]?.thumbnail != nil, "\(String(describing: grid.thumbnails[video.id]))")
    }

    @Test func itsBadgeSaysHowLongItPlays() {
        #expect(VideoClip(duration: .seconds(42)).badge == "▶ 0:42")
        #expect(VideoClip(duration: .milliseconds(4_600)).badge == "▶ 0:05")
        #expect(VideoClip(duration: .seconds(3_723)).badge == "▶ 1:02:03")
        #expect(VideoClip().badge == "▶")
        #expect(VideoClip(framesPerSecond: 29.97, codec: "hevc").detailLine == "Video: length unknown · 29.97 fps · hevc")
    }
}
