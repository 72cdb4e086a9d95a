import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import Testing
@testable import Gallery

/// A video's poster goes through the desktop's thumbnail cache as a photo does, with what the
/// listing needs of its container, so a folder of clips seen before is listed and drawn without
/// FFmpeg opening a clip.
@Suite struct VideoPosterCacheTests {
    /// The 5-second, 64x36, 10 fps H.264 clip of the Imaging fixtures.
    private static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ImagingTests/Fixtures/clip.mp4")

    /// A folder holding `clips/clip.mp4` and the cache's `thumbnails/`, which counts the originals
    /// it is told were decoded.
    private struct Setup {
        let root: String
        let thumbnails: DesktopThumbnails
        let decoded = Locked<[String]>([])
        let renderer = ThumbnailRenderer(mode: .sixel, cell: PixelSize(width: 10, height: 20))
        /// 4x1 cells of 10x20 pixels: a 40x20 box, which the 64x36 clip's poster covers.
        let cells = CellSize(columns: 4, rows: 1)

        var clipPath: String { root + "/clips/clip.mp4" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("video-thumbs-\(UUID().uuidString)").path
            try File.makeDirectories(root + "/clips")
            let decoded = decoded
            thumbnails = DesktopThumbnails(directory: FilePath(root + "/cache/thumbnails"), program: "gallery", version: "9.1",
                                           onDecode: { path in decoded.withLock { $0.append(path) } })
            try File.writeAtomically(Array(try Data(contentsOf: VideoPosterCacheTests.clip)), to: clipPath)
        }

        /// The folder listed as the app lists it, and its only item.
        func listedClip() async throws -> LibraryItem {
            let source = try DirectorySource(path: FilePath(root + "/clips"), desktopThumbnails: thumbnails)
            return try #require(try await source.page(of: .all, page: 1, perPage: 30).photos.first)
        }

        func poster(of item: LibraryItem) async throws -> RenderedPicture {
            let source = try DirectorySource(path: FilePath(root + "/clips"), desktopThumbnails: thumbnails)
            return try await ThumbnailPipeline(source: source, loader: LocalFileImageLoader(desktopThumbnails: thumbnails), renderer: renderer)
                .thumbnail(for: item, cells: cells, fit: .crop)
        }

        var thumbnailPath: String {
            "\(root)/cache/thumbnails/normal/\(MD5.hex(Array(FileURI.of(path: FilePath(clipPath)).utf8))).png"
        }

        /// Waits for the background write of the thumbnail (`IdleQueue` tells no one).
        func waitForThumbnail() async throws -> [UInt8] {
            for _ in 0..<250 {
                if let bytes = try? File.read(thumbnailPath, maxBytes: 1 << 24) { return bytes }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw GalleryError.unreadableFile(name: thumbnailPath, reason: "never written")
        }

        /// Puts bytes FFmpeg cannot read in place of the clip (its `ftyp` box, which tells a listing
        /// it is a video, then zeros), of its size and with its modification time: whatever is read
        /// of it now comes from the cache, or fails.
        func spoilClipKeepingItsStatus() throws {
            let url = URL(fileURLWithPath: clipPath)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: clipPath)[.modificationDate] as? Date)
            let bytes = try File.read(clipPath, maxBytes: 1 << 24)
            let ftyp = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            try File.writeAtomically(Array(bytes.prefix(ftyp)) + [UInt8](repeating: 0, count: bytes.count - ftyp), to: clipPath)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        }
    }

    @Test func aSecondListingReadsTheClipsFactsAndPosterFromTheCacheWithoutOpeningIt() async throws {
        try #require(VideoFile.isAvailable, "FFmpeg's libraries are not installed")
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let first = try await setup.listedClip()
        #expect(first.video == VideoClip(duration: .seconds(5), framesPerSecond: 10, codec: "h264"))
        let picture = try await setup.poster(of: first)
        #expect(setup.decoded.withLock { $0 } == [setup.clipPath], "the first poster is decoded from the clip")

        let bytes = try await setup.waitForThumbnail()
        let text = PNGText.read(bytes)
        #expect(text["Thumb::Movie::Length"] == "5")
        #expect((text["Thumb::Image::Width"], text["Thumb::Image::Height"]) == ("64", "36"))
        let thumbnail = try PNGCodec.decode(bytes)
        #expect(thumbnail.width >= 40 && thumbnail.height >= 20, "the poster covers the cells: \(thumbnail.width)x\(thumbnail.height)")

        try setup.spoilClipKeepingItsStatus()
        let second = try await setup.listedClip()
        #expect(second.video == first.video, "its length, rate and codec come from the thumbnail")
        #expect((second.width, second.height) == (first.width, first.height))
        let again = try await setup.poster(of: second)
        #expect((again.columns, again.rows) == (picture.columns, picture.rows))
        #expect(setup.decoded.withLock { $0 }.count == 1, "the second poster was drawn from the thumbnail")

        // Changed since: the cache no longer describes the file, which is read again (and is no video now).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: setup.clipPath)
        let changed = try await setup.listedClip()
        #expect(changed.video == VideoClip(), "probed again: the file says nothing now")
        await #expect(throws: (any Error).self) { try await setup.poster(of: changed) }
    }

    /// Decodes nothing: every decode passes its budget, as a 4K poster may on a busy machine.
    private struct OverBudgetRenderer: ThumbnailRendering {
        let base = ThumbnailRenderer(mode: .sixel, cell: PixelSize(width: 10, height: 20))
        var background: RGB { base.background }
        func pixelSize(cells: CellSize) -> PixelSize { base.pixelSize(cells: cells) }
        func render(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RenderedPicture { throw ImageError.overBudget("too slow") }
        func decode(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RGBImage { throw ImageError.overBudget("too slow") }
        func render(_ image: RGBImage, cells: CellSize, fit: PictureFit) throws -> RenderedPicture { try base.render(image, cells: cells, fit: fit) }
        func zoomBox(cells: CellSize) -> PixelSize { base.zoomBox(cells: cells) }
        func decode(_ data: [UInt8], cells: CellSize, zoom: PictureZoom) throws -> ZoomedPixels { throw ImageError.overBudget("too slow") }
        func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom) throws -> RenderedPicture { try base.render(pixels, cells: cells, zoom: zoom) }
    }

    @Test func aDecodePastItsBudgetIsNotRecordedAsTheFilesFailure() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let path = setup.root + "/clips/photo.jpg"
        try File.writeAtomically(try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(9, 9, 9))), to: path)
        let photo = LibraryItem(id: path, title: "photo.jpg", width: 64, height: 48, picture: .file(FilePath(path)))
        let pipeline = ThumbnailPipeline(source: try DirectorySource(path: FilePath(setup.root + "/clips")),
                                         loader: LocalFileImageLoader(desktopThumbnails: setup.thumbnails), renderer: OverBudgetRenderer())
        await #expect(throws: ImageError.overBudget("too slow")) { try await pipeline.thumbnail(for: photo, cells: setup.cells, fit: .crop) }
        let original = try #require(setup.thumbnails.original(path: FilePath(path), status: try FileStatus(path: FilePath(path))))
        guard case .missing = setup.thumbnails.lookup(original, covering: PixelSize(width: 40, height: 20), filling: true) else {
            Issue.record("a budget passed was recorded as the file's failure: the next visit would not try it again")
            return
        }
    }

    @Test func theFactsReadBackAsTheyWereWrittenAndNonsenseIsRefused() throws {
        let facts = VideoFacts(clip: VideoClip(duration: .milliseconds(4_567), framesPerSecond: 30_000.0 / 1_001, codec: "hevc"),
                               size: PixelSize(width: 1080, height: 1920), recorded: PhotoDate(secondsSince1970AsUTC: 1_700_000_000))
        let text = Dictionary(uniqueKeysWithValues: facts.text.map { ($0.keyword, $0.text) })
        #expect(VideoFacts(text: text) == facts)
        #expect(text["Thumb::Movie::Length"] == "5", "the spec's key: whole seconds")
        let unknown = VideoFacts(clip: VideoClip(codec: "vp9"), size: PixelSize(width: 0, height: 0), recorded: nil)
        #expect(VideoFacts(text: Dictionary(uniqueKeysWithValues: unknown.text.map { ($0.keyword, $0.text) })) == unknown)

        #expect(VideoFacts(text: ["Thumb::Image::Width": "64", "Thumb::Image::Height": "36", "Thumb::Movie::Length": "5"]) == nil,
                "another program's thumbnail lacks what the listing needs: the clip is probed")
        for (key, value) in [("X-Gallery::Video::Rate", "-1"), ("X-Gallery::Video::Rate", "nan"), ("X-Gallery::Video::Milliseconds", "-5"),
                             ("X-Gallery::Video::Recorded", "99999999999999"), ("Thumb::Image::Width", "1e9")] {
            var spoilt = text
            spoilt[key] = value
            #expect(VideoFacts(text: spoilt) == nil, "\(key) = \(value)")
        }
        var control = text
        control["X-Gallery::Video::Codec"] = "h264\u{1B}[2J"
        #expect(VideoFacts(text: control)?.clip.codec == "h264[2J", "no control character reaches the screen")
    }

    @Test func aCroppedPosterIsAskedLargeEnoughToCoverTheCells() {
        let box = PixelSize(width: 230, height: 240)
        #expect(ThumbnailPipeline.posterBox(of: PixelSize(width: 1920, height: 1080), covering: box, filling: true)
                == PixelSize(width: 427, height: 240))
        #expect(ThumbnailPipeline.posterBox(of: PixelSize(width: 1080, height: 1920), covering: box, filling: true)
                == PixelSize(width: 230, height: 409))
        #expect(ThumbnailPipeline.posterBox(of: PixelSize(width: 1920, height: 1080), covering: box, filling: false) == box)
        #expect(ThumbnailPipeline.posterBox(of: PixelSize(width: 0, height: 0), covering: box, filling: true) == box)
    }
}
