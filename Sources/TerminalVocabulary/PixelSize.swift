/// A size in screen pixels: what one terminal cell measures, for the protocols that draw pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What a cell measures when the terminal does not say: a common 10x20 font cell.
    public static let fallbackCell = PixelSize(width: 10, height: 20)

    /// Whether this can be the size of one character cell: 4 to 200 pixels wide and 8 to 400
    /// tall. Terminals that do not know fill `ws_xpixel` with 0, and some with nonsense; the
    /// smallest readable font is about 4x8, and the limits above leave room for large fonts on
    /// dense screens.
    public var isPlausibleCell: Bool { (4...200).contains(width) && (8...400).contains(height) }

    /// One cell's share of a window of `windowWidth` x `windowHeight` pixels and `columns` x `rows`
    /// cells (`TIOCGWINSZ`), nil unless it is a plausible cell.
    public static func cell(windowWidth: Int, windowHeight: Int, columns: Int, rows: Int) -> PixelSize? {
        guard columns > 0, rows > 0 else { return nil }
        let cell = PixelSize(width: windowWidth / columns, height: windowHeight / rows)
        return cell.isPlausibleCell ? cell : nil
    }
}
