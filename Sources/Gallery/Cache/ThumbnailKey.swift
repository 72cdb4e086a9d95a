public import TerminalEnvironment
/// What a rendered thumbnail depends on: the photo, the cell size and the render mode.
/// Never an index, which changes whenever the list does.
public struct ThumbnailKey: Hashable, Sendable {
    public let photoID: String
    public let columns: Int
    public let rows: Int
    /// The renderer's mode (e.g. "halfblock-truecolor", "ascii"); thumbnails of different modes differ.
    public let renderMode: RenderMode

    public init(photoID: String, columns: Int, rows: Int, renderMode: RenderMode) {
        self.photoID = photoID
        self.columns = columns
        self.rows = rows
        self.renderMode = renderMode
    }
}
