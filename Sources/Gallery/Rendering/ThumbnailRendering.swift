public import TerminalVocabulary
public import Imaging

/// Turns encoded image bytes into a `RenderedPicture` of a given cell size. The seam between the view
/// models and Imaging: the app wires a `ThumbnailRenderer` for the chosen mode, tests a fake.
///
/// `render` is CPU-bound; callers run it off the main actor.
public protocol ThumbnailRendering: Sendable {
    /// The image size in pixels worth fetching for a `columns` x `rows` cell block, so sources can
    /// have the server scale it (a half-block cell shows 1x2 pixels, a sixel cell many more).
    func pixelSize(cells: CellSize) -> PixelSize

    /// What transparent pixels are composited over (the terminal's background as the theme says),
    /// for the frames of an animation, which are decoded outside `render`.
    var background: RGB { get }

    /// Decodes `data` and renders it into `columns` x `rows` cells.
    func render(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RenderedPicture

    /// `render` in two halves, for a caller that keeps the pixels (a desktop thumbnail): the
    /// decoded picture, upright, at least as large as `pixelSize` asks where the file is...
    func decode(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RGBImage

    /// ...and pixels decoded before (or read from a thumbnail) rendered into the cells.
    func render(_ image: RGBImage, cells: CellSize, fit: PictureFit) throws -> RenderedPicture

    /// The box a picture over `cells` is drawn in, in the samples the mode draws (screen pixels,
    /// or half-blocks): what a zoom's scale counts (`PictureZoom`).
    func zoomBox(cells: CellSize) -> PixelSize

    /// Decodes what `zoom` shows of `data` in `cells`, no more (`PictureRenderer.decode(_:cells:zoom:)`).
    func decode(_ data: [UInt8], cells: CellSize, zoom: PictureZoom) throws -> ZoomedPixels

    /// Draws what `zoom` shows of `pixels` into `cells`.
    func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom) throws -> RenderedPicture

    /// This renderer for a picture drawn once rather than with every scroll frame (the detail
    /// pane's), which may cost more bytes; itself by default.
    var forPictureDrawnOnce: any ThumbnailRendering { get }

    /// This renderer for a playing video's frames, replaced many times a second, which may be
    /// sent at less than full size (kitty's, scaled up by the terminal over the same cells);
    /// itself by default.
    var forPlayingVideo: any ThumbnailRendering { get }
}

extension ThumbnailRendering {
    public var forPictureDrawnOnce: any ThumbnailRendering { self }
    public var forPlayingVideo: any ThumbnailRendering { self }
}
