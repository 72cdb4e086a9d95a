/// A size in screen pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether this can be the size of one character cell: at least 2 pixels wide and 4 tall
    /// (smaller values come from terminals that fill `ws_xpixel` with nonsense).
    public var isPlausibleCell: Bool { width >= 2 && height >= 4 && width <= 1000 && height <= 1000 }
}
