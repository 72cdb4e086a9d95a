public import Imaging
public import TerminalEnvironment
/// What a rendered thumbnail depends on: the photo, the cell size, the fit and the render mode.
/// Never an index, which changes whenever the list does.
public struct ThumbnailKey: Hashable, Sendable {
    public let photoID: String
    public let columns: Int
    public let rows: Int
    /// The renderer's mode (e.g. "halfblock-truecolor", "ascii"); thumbnails of different modes differ.
    public let renderMode: RenderMode
    /// A crop filling the cell, or the whole photo inside it.
    public let fit: PictureFit

    public init(photoID: String, columns: Int, rows: Int, renderMode: RenderMode, fit: PictureFit) {
        self.photoID = photoID
        self.columns = columns
        self.rows = rows
        self.renderMode = renderMode
        self.fit = fit
    }
}
