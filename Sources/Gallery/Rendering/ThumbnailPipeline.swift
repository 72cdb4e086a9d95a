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
        if photo.pictureIsVideo, case .file(let path) = location {
            // A crop fills the cells: the poster is asked to cover a square of the larger side.
            let side = max(pixels.width, pixels.height)
            let box = fit == .crop ? PixelSize(width: side, height: side) : pixels
            return try await RenderLimiter.shared.run {
                try renderer.render(Self.poster(ofVideoAt: path, fittingIn: box), cells: cells, fit: fit)
            }
        }
        if let thumbnails = loader.desktopThumbnails, case .file(let path) = location,
           let original = thumbnails.original(path: path, status: try LocalFile.info(path)) {
            return try await thumbnail(of: original, in: thumbnails, location: location, cells: cells, fit: fit)
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

    /// A video's poster frame, upright (a cover picture, else a keyframe a little way in), within
    /// `box`.
    private static func poster(ofVideoAt path: FilePath, fittingIn box: PixelSize) throws -> RGBImage {
        try VideoFile(path: path).poster(fittingIn: box).image
    }

    /// A local file drawn from its desktop thumbnail when one covers the cells; else decoded,
    /// drawn, and its pixels kept as a thumbnail (once no render is waiting: `IdleQueue`), or its
    /// failure recorded.
    private func thumbnail(of original: DesktopThumbnails.Original, in thumbnails: DesktopThumbnails, location: ImageLocation,
                           cells: CellSize, fit: PictureFit) async throws -> RenderedPicture {
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
        let data = try await loader.imageData(at: location)
        try Task.checkCancellation()
        let (image, picture): (RGBImage, RenderedPicture)
        do {
            (image, picture) = try await RenderLimiter.shared.run {
                let image = try renderer.decode(data, cells: cells, fit: fit)
                return (image, try renderer.render(image, cells: cells, fit: fit))
            }
        } catch let error as ImageError {
            // A missing library (HEIF) is this machine's, not the file's: it may be installed tomorrow.
            if case .unavailable = error {} else { thumbnails.recordFailure(of: original, reason: error.description) }
            throw error
        }
        thumbnails.onDecode(original.path.description)
        // A file cut short may still be arriving: its thumbnail would keep the grey part.
        if !image.isTruncated {
            IdleQueue.shared.enqueue { thumbnails.save(image, of: original, covering: box, filling: filling) }
        }
        return picture
    }
}
