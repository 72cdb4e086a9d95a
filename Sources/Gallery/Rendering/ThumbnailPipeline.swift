import TerminalVocabulary
import Imaging
import Logging
import OperatingSystem
/// URL, fetch and render for one photo at one cell size: the work behind every image the view
/// models show, run off the main actor, with at most one render per core at a time.
/// Cancelling the calling task cancels the fetch (or the wait for a render slot).
struct ThumbnailPipeline: Sendable {
    let source: any PhotoSource
    let loader: any ImageLoading
    let renderer: any ThumbnailRendering

    private static let logger = Logger(label: "gallery.images")

    @concurrent
    func thumbnail(for photo: LibraryItem, cells: CellSize, fit: PictureFit) async throws -> RenderedPicture {
        let picture: RenderedPicture
        do {
            picture = try await drawing(photo, cells: cells, fit: fit)
        } catch let error as ImageError {
            // A decode past its time budget goes on unseen: the log says which file and when.
            Self.logger.info("not drawn", metadata: ["photo": "\(String(reflecting: photo.id))", "reason": "\(error.description)"])
            throw error
        }
        // Damage the decoder read past (libjpeg's warnings) is the log's, not the screen's.
        if let warning = picture.decoderWarning {
            Self.logger.info("decoded past damage", metadata: ["photo": "\(String(reflecting: photo.id))", "decoder": "\(String(reflecting: warning))"])
        }
        return picture
    }

    private func drawing(_ photo: LibraryItem, cells: CellSize, fit: PictureFit) async throws -> RenderedPicture {
        let pixels = renderer.pixelSize(cells: cells)
        guard let location = source.imageLocation(for: photo, width: pixels.width, height: pixels.height, fit: fit) else {
            throw GalleryError.unreadableFile(name: photo.title, reason: "no picture to show")
        }
        // A local file is drawn through the desktop's thumbnails, a video's poster too.
        var desktop: (DesktopThumbnails, DesktopThumbnails.Original)?
        if let thumbnails = loader.desktopThumbnails, case .file(let path) = location,
           let original = thumbnails.original(path: path, status: try LocalFile.info(path)) {
            desktop = (thumbnails, original)
        }
        if photo.pictureIsVideo, case .file(let path) = location {
            let poster = { @Sendable in try Self.poster(ofVideoAt: path, covering: pixels, filling: fit == .crop, renderer: renderer, cells: cells, fit: fit) }
            guard let (thumbnails, original) = desktop else { return try await RenderLimiter.shared.run(poster).picture }
            return try await thumbnail(of: original, in: thumbnails, cells: cells, fit: fit) { try await RenderLimiter.shared.run(poster) }
        }
        if let (thumbnails, original) = desktop {
            return try await thumbnail(of: original, in: thumbnails, cells: cells, fit: fit) {
                let data = try await loader.imageData(at: location)
                try Task.checkCancellation()
                return try await RenderLimiter.shared.run {
                    let image = try renderer.decode(data, cells: cells, fit: fit)
                    return Decoded(image: image, picture: try renderer.render(image, cells: cells, fit: fit))
                }
            }
        }
        let data = try await loader.imageData(at: location)
        // Rendering costs real CPU; do not spend it on an image nobody will see.
        try Task.checkCancellation()
        let picture = try await RenderLimiter.shared.run { try renderer.render(data, cells: cells, fit: fit) }
        // A local file cut short is shown as far as it goes; a download cut short is an error, so
        // it is fetched again (`CachingImageLoader` keeps only whole files) rather than shown grey.
        if picture.isTruncated, case .web = location { throw ImageError.corrupt("the download ended early") }
        return picture
    }

    /// What `zoom` shows of `photo` in `cells`: drawn from `kept` (the pixels of the zoom before)
    /// when they cover it, as a pan at the same scale of a photo decoded whole does; else its file
    /// fetched (from the cache, for a download) and only what is shown decoded.
    @concurrent
    func zoomed(_ photo: LibraryItem, cells: CellSize, zoom: PictureZoom,
                kept: ZoomedPixels?) async throws -> (RenderedPicture, ZoomedPixels) {
        let box = renderer.zoomBox(cells: cells)
        if let kept, kept.canShow(zoom.view(photo: kept.photo, box: box)) {
            return (try await RenderLimiter.shared.run { try renderer.render(kept, cells: cells, zoom: zoom) }, kept)
        }
        // The original: a zoom looks closer than any size a source scales to.
        let size = PixelSize(width: max(photo.width, box.width), height: max(photo.height, box.height))
        guard photo.video == nil,
              let location = source.imageLocation(for: photo, width: size.width, height: size.height, fit: .contain) else {
            throw GalleryError.unreadableFile(name: photo.title, reason: "no picture to zoom into")
        }
        let data = try await loader.imageData(at: location)
        try Task.checkCancellation()
        return try await RenderLimiter.shared.run {
            let pixels = try renderer.decode(data, cells: cells, zoom: zoom)
            return (try renderer.render(pixels, cells: cells, zoom: zoom), pixels)
        }
    }

    /// An original decoded for a thumbnail: its pixels upright, drawn, and what its thumbnail
    /// keeps besides the spec's keys (a video's `VideoFacts`).
    private struct Decoded {
        let image: RGBImage
        let picture: RenderedPicture
        var text: [(keyword: String, text: String)] = []
    }

    /// A video's poster frame, upright (a cover picture, else a keyframe a little way in), large
    /// enough to cover `box` (`filling`) or to fit it, drawn; its container's facts kept with it.
    private static func poster(ofVideoAt path: FilePath, covering box: PixelSize, filling: Bool,
                               renderer: any ThumbnailRendering, cells: CellSize, fit: PictureFit) throws -> Decoded {
        let video = try VideoFile(path: path)
        let image = try video.poster(fittingIn: posterBox(of: video.probe.size, covering: box, filling: filling)).image
        return Decoded(image: image, picture: try renderer.render(image, cells: cells, fit: fit), text: VideoFacts(video.probe).text)
    }

    /// The box a `size` video's poster is fitted in so that it covers `box` when `filling` (a
    /// crop: the side the picture is short on reaches the box's), else `box` itself.
    static func posterBox(of size: PixelSize, covering box: PixelSize, filling: Bool) -> PixelSize {
        guard filling, size.width > 0, size.height > 0 else { return box }
        // Whole numbers: a side that reaches the box's exactly is not rounded a pixel past it.
        let rounded = { (numerator: Int, denominator: Int) in (numerator + denominator - 1) / denominator }
        return box.width * size.height >= box.height * size.width
            ? PixelSize(width: box.width, height: rounded(size.height * box.width, size.width))
            : PixelSize(width: rounded(size.width * box.height, size.height), height: box.height)
    }

    /// A local file drawn from its desktop thumbnail when one covers the cells; else `decode`d,
    /// drawn, and its pixels kept as a thumbnail (once no render is waiting: `IdleQueue`), or its
    /// failure recorded.
    private func thumbnail(of original: DesktopThumbnails.Original, in thumbnails: DesktopThumbnails,
                           cells: CellSize, fit: PictureFit, decode: () async throws -> Decoded) async throws -> RenderedPicture {
        let box = renderer.pixelSize(cells: cells)
        let filling = fit == .crop
        let cached = try await RenderLimiter.shared.run { () throws -> RenderedPicture? in
            switch thumbnails.lookup(original, covering: box, filling: filling) {
            case .thumbnail(let image): return try renderer.render(image, cells: cells, fit: fit)
            case .failed(let reason): throw GalleryError.unreadableFile(name: LocalFile.name(of: original.path), reason: reason)
            case .missing: return nil
            }
        }
        if let cached { return cached }
        let decoded: Decoded
        do {
            decoded = try await decode()
        } catch let error as ImageError {
            // A missing library (HEIF, FFmpeg) is this machine's, not the file's: it may be installed
            // tomorrow; a budget passed may be this machine's load (a 4K poster on a busy machine).
            switch error {
            case .unavailable, .overBudget: break
            default: thumbnails.recordFailure(of: original, reason: error.description)
            }
            throw error
        }
        thumbnails.onDecode(original.path.description)
        // A file cut short may still be arriving: its thumbnail would keep the grey part.
        if !decoded.image.isTruncated {
            let (image, text) = (decoded.image, decoded.text)
            IdleQueue.shared.enqueue { thumbnails.save(image, of: original, covering: box, filling: filling, text: text) }
        }
        return decoded.picture
    }
}
