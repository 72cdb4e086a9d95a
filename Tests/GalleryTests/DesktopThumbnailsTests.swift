import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import Testing
@testable import Gallery

/// The freedesktop thumbnail cache through the thumbnail pipeline with the real renderer: names,
/// keys and modes as the spec says, and originals decoded only when no valid thumbnail covers.
@Suite struct DesktopThumbnailsTests {
    /// A real renderer that counts the originals it decodes.
    final class CountingRenderer: ThumbnailRendering {
        let base = ThumbnailRenderer(mode: .sixel, cell: PixelSize(width: 10, height: 20))
        private let count = Locked(0)
        var decodes: Int { count.withLock { $0 } }

        var background: RGB { base.background }
        func pixelSize(cells: CellSize) -> PixelSize { base.pixelSize(cells: cells) }
        func render(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
            count.withLock { $0 += 1 }
            return try base.render(data, cells: cells, fit: fit)
        }
        func decode(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RGBImage {
            count.withLock { $0 += 1 }
            return try base.decode(data, cells: cells, fit: fit)
        }
        func render(_ image: RGBImage, cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
            try base.render(image, cells: cells, fit: fit)
        }
        func zoomBox(cells: CellSize) -> PixelSize { base.zoomBox(cells: cells) }
        func decode(_ data: [UInt8], cells: CellSize, zoom: PictureZoom) throws -> ZoomedPixels {
            count.withLock { $0 += 1 }
            return try base.decode(data, cells: cells, zoom: zoom)
        }
        func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom) throws -> RenderedPicture {
            try base.render(pixels, cells: cells, zoom: zoom)
        }
    }

    /// A folder holding `photos/` and the cache's `thumbnails/`, and a pipeline over them.
    struct Setup {
        let root: String
        let thumbnails: DesktopThumbnails
        let renderer = CountingRenderer()
        var pipeline: ThumbnailPipeline {
            ThumbnailPipeline(source: FileSource(), loader: LocalFileImageLoader(desktopThumbnails: thumbnails), renderer: renderer)
        }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)").path
            try File.makeDirectories(root + "/photos")
            thumbnails = DesktopThumbnails(directory: FilePath(root + "/cache/thumbnails"), program: "gallery", version: "9.1")
        }

        /// A 600x400 JPEG (24x10 cells of 10x20 pixels are 240x200: a 3:2 picture fills them from the
        /// x-large class, 512 pixels long).
        func photo(_ name: String, color: RGB = RGB(200, 40, 40)) throws -> LibraryItem {
            let path = root + "/photos/" + name
            try File.writeAtomically(try JPEGCodec.encode(RGBImage(width: 600, height: 400, filledWith: color)), to: path)
            return Self.photo(path)
        }

        static func photo(_ path: String) -> LibraryItem {
            LibraryItem(id: path, title: "", width: 600, height: 400, picture: .file(FilePath(path)))
        }

        func thumbnailPath(_ folder: String, of path: String) -> String {
            "\(root)/cache/thumbnails/\(folder)/\(MD5.hex(Array(FileURI.of(path: FilePath(path)).utf8))).png"
        }

        /// Waits for the background write of a thumbnail.
        func waitForFile(_ path: String, changedFrom old: [UInt8]? = nil) async throws -> [UInt8] {
            for _ in 0..<200 {
                if let bytes = try? File.read(path, maxBytes: 1 << 24), bytes != old { return bytes }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw GalleryError.unreadableFile(name: path, reason: "never written")
        }
    }

    struct FileSource: PhotoSource {
        func photos(page: Int, perPage: Int) async throws -> [LibraryItem] { [] }
        func photo(id: String) async throws -> LibraryItem { Setup.photo(id) }
        func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
            if case .file(let path)? = photo.picture { .file(path) } else { nil }
        }
    }

    @Test func md5AndURIAreTheOnesTheSpecAndGLibMake() {
        #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        // The spec's own example, and a message longer than one 64-byte block.
        #expect(MD5.hex(Array("file:///home/jens/photos/me.png".utf8)) == "c6ee772d9e49320e97ec29a7eb5b1697")
        #expect(MD5.hex(Array(String(repeating: "a", count: 100).utf8)) == "36a92cc94a9e0fa21f625f8bfb007adf")
        #expect(FileURI.of(path: "/home/a b/ü#?%;.jpg") == "file:///home/a%20b/%C3%BC%23%3F%25%3B.jpg")
        #expect(FileURI.of(path: "/x/!$&'()*+,-.:=@_~") == "file:///x/!$&'()*+,-.:=@_~")
        // A name that is not UTF-8 is its bytes percent-encoded, as g_filename_to_uri writes it.
        #expect(FileURI.of(path: FilePath(bytes: Array("/x/c".utf8) + [0xFF, 0xE9] + Array(".jpg".utf8))) == "file:///x/c%FF%E9.jpg")
    }

    @Test func aDecodeWritesAThumbnailNamedByTheURIsMD5WithItsKeysReadableByTheUserAlone() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let photo = try setup.photo("red one.jpg")
        _ = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
        #expect(setup.renderer.decodes == 1)

        let path = setup.thumbnailPath("x-large", of: photo.id)
        let bytes = try await setup.waitForFile(path)
        let text = PNGText.read(bytes)
        let status = try FileStatus(path: photo.id)
        #expect(text["Thumb::URI"] == "file://" + setup.root + "/photos/red%20one.jpg")
        #expect(text["Thumb::MTime"] == String(status.modifiedSeconds))
        #expect(text["Thumb::Size"] == String(status.size))
        #expect(text["Software"] == "gallery 9.1")
        let image = try PNGCodec.decode(bytes)
        #expect((image.width, image.height) == (512, 341))
        #expect(image[256, 170].r > 180 && image[256, 170].g < 80)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: setup.root + "/cache/thumbnails/x-large")[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let left = try FileManager.default.contentsOfDirectory(atPath: setup.root + "/cache/thumbnails/x-large")
        #expect(left == [MD5.hex(Array(FileURI.of(path: FilePath(photo.id)).utf8)) + ".png"], "no temporary file is left")
    }

    @Test func aSecondVisitDecodesNoOriginalAndDrawsTheSame() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let photos = try ["a.jpg", "b.jpg"].map { try setup.photo($0) }
        var first: [RenderedPicture] = []
        for photo in photos { first.append(try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)) }
        for photo in photos { _ = try await setup.waitForFile(setup.thumbnailPath("x-large", of: photo.id)) }
        #expect(setup.renderer.decodes == 2)

        for (photo, picture) in zip(photos, first) {
            let again = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
            #expect((again.columns, again.rows) == (picture.columns, picture.rows))
        }
        #expect(setup.renderer.decodes == 2, "the thumbnails were drawn, not the originals")
        // A smaller cell is drawn from the same thumbnail (no smaller one is made for it).
        _ = try await setup.pipeline.thumbnail(for: photos[0], cells: CellSize(columns: 12, rows: 5), fit: .crop)
        #expect(setup.renderer.decodes == 2)
    }

    @Test func aThumbnailOfAnotherModificationTimeIsIgnoredAndRewritten() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let photo = try setup.photo("c.jpg")
        _ = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
        let path = setup.thumbnailPath("x-large", of: photo.id)
        let written = try await setup.waitForFile(path)
        let status = try FileStatus(path: photo.id)
        // Another program's thumbnail of an older version of the file: green, a second older.
        let stale = try PNGCodec.encode(RGBImage(width: 512, height: 341, filledWith: RGB(0, 255, 0)), text: [
            ("Thumb::URI", FileURI.of(path: FilePath(photo.id))), ("Thumb::MTime", String(status.modifiedSeconds - 1)),
        ])
        try File.writeAtomically(stale, to: path)

        _ = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
        #expect(setup.renderer.decodes == 2, "a stale thumbnail is not used")
        let rewritten = try await setup.waitForFile(path, changedFrom: stale)
        #expect(PNGText.read(rewritten)["Thumb::MTime"] == String(status.modifiedSeconds))
        #expect(rewritten == written)

        // Valid keys on a file cut short (a full disk, a crash): not drawn half grey.
        let cut = Array(written.prefix(written.count / 2))
        try File.writeAtomically(cut, to: path)
        _ = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
        #expect(setup.renderer.decodes == 3, "a thumbnail cut short is not used")
        #expect(try await setup.waitForFile(path, changedFrom: cut) == written)
    }

    @Test func aFileThatCannotBeDecodedIsRecordedAndNotTriedAgainUntilItChanges() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let path = setup.root + "/photos/bad.jpg"
        try File.writeAtomically([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 7, count: 40), to: path)
        let photo = Setup.photo(path)
        await #expect(throws: ImageError.self) { try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop) }
        let record = setup.root + "/cache/thumbnails/fail/gallery-9.1/" + MD5.hex(Array(FileURI.of(path: FilePath(path)).utf8)) + ".png"
        let text = PNGText.read(try File.read(record, maxBytes: 1 << 20))
        #expect(text["Thumb::URI"] == FileURI.of(path: FilePath(path)))
        #expect(text["Thumb::MTime"] == String(try FileStatus(path: path).modifiedSeconds))

        await #expect(throws: GalleryError.self) { try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop) }
        #expect(setup.renderer.decodes == 1, "the failure was remembered")

        // Fixed: a new file (another size) is decoded again.
        try File.writeAtomically(try JPEGCodec.encode(RGBImage(width: 600, height: 400, filledWith: RGB(9, 9, 9))), to: path)
        _ = try await setup.pipeline.thumbnail(for: photo, cells: CellSize(columns: 24, rows: 10), fit: .crop)
        #expect(setup.renderer.decodes == 2)
    }

    @Test func filesInsideTheThumbnailCacheAreShownButNeverThumbnailed() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let folder = setup.root + "/cache/thumbnails/large"
        try File.makeDirectories(folder)
        let path = folder + "/0123456789abcdef0123456789abcdef.png"
        try File.writeAtomically(try PNGCodec.encode(RGBImage(width: 256, height: 170, filledWith: RGB(1, 2, 3))), to: path)
        _ = try await setup.pipeline.thumbnail(for: Setup.photo(path), cells: CellSize(columns: 24, rows: 10), fit: .crop)
        try await Task.sleep(for: .milliseconds(200))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.root + "/cache/thumbnails") == ["large"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
    }

    @Test func sizeClassesCoverTheBoxTheyAreChosenFor() {
        // 3:2 filling 240x200 needs 300x200: 512 (x-large), not 256.
        let box = PixelSize(width: 240, height: 200), photo = PixelSize(width: 600, height: 400)
        #expect(DesktopThumbnailSize.smallest(covering: box, filling: true, picture: photo) == .xLarge)
        // Fitting, 256x171 reaches the box's width.
        #expect(DesktopThumbnailSize.smallest(covering: box, filling: false, picture: photo) == .large)
        // A picture smaller than the box makes no thumbnail that would be enlarged every time.
        #expect(DesktopThumbnailSize.smallest(covering: box, filling: true, picture: PixelSize(width: 100, height: 80)) == nil)
        #expect(DesktopThumbnailSize.xLarge.thumbnailSize(of: PixelSize(width: 4000, height: 2667)) == PixelSize(width: 512, height: 341))
        #expect(DesktopThumbnailSize.normal.thumbnailSize(of: PixelSize(width: 64, height: 48)) == PixelSize(width: 64, height: 48))
    }

    @Test func theCacheIsWhereXDGSays() {
        #expect(DesktopThumbnails.directory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/thumbnails")
        #expect(DesktopThumbnails.directory(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]) == "/h/.cache/thumbnails")
    }
}
