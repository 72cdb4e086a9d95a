public import Imaging
public import TerminalVocabulary
/// What a rendered thumbnail depends on: the photo, the cell size, the fit and the render mode.
/// Never an index, which changes whenever the list does.
public struct ThumbnailKey: Hashable, Sendable {
    public let photoID: String
    /// The cells it is rendered into.
    public let cells: CellSize
    /// The renderer's mode (e.g. "halfblock-truecolor", "ascii"); thumbnails of different modes differ.
    public let renderMode: RenderMode
    /// A crop filling the cell, or the whole photo inside it.
    public let fit: PictureFit

    public init(photoID: String, cells: CellSize, renderMode: RenderMode, fit: PictureFit) {
        self.photoID = photoID
        self.cells = cells
        self.renderMode = renderMode
        self.fit = fit
    }
}
