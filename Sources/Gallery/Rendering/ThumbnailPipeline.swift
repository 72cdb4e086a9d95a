import TerminalEnvironment
import Imaging
/// URL, fetch and render for one photo at one cell size: the work behind every image the view
/// models show, run off the main actor, with at most one render per core at a time.
/// Cancelling the calling task cancels the fetch (or the wait for a render slot).
struct ThumbnailPipeline: Sendable {
    let source: any PhotoSource
    let loader: any ImageLoading
    let renderer: any ThumbnailRendering

    @concurrent
    func thumbnail(for photo: Photo, columns: Int, rows: Int, fit: ImageFit) async throws -> RenderedPicture {
        let pixels = renderer.pixelSize(columns: columns, rows: rows)
        let url = source.imageURL(for: photo, width: pixels.width, height: pixels.height, fit: fit)
        let data = try await loader.imageData(from: url)
        // Rendering costs real CPU; do not spend it on an image nobody will see.
        try Task.checkCancellation()
        let picture = try await RenderLimiter.shared.run { try renderer.render(data, columns: columns, rows: rows, fit: fit) }
        // A local file cut short is shown as far as it goes; a download cut short is an error, so
        // it is fetched again (`CachingImageLoader` keeps only whole files) rather than shown grey.
        if picture.isTruncated && !url.hasPrefix("file:") { throw ImageError.corrupt("the download ended early") }
        return picture
    }
}
