/// A picture encoded for a terminal, and the block of cells it covers: what `PictureRenderer`
/// makes of an encoded image, for `gallery view` to print and the app's screen to place as it is.
public struct RenderedPicture: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Half-block or ASCII art: ANSI-coded rows (colour escapes included), and the same rows
        /// without escapes, for monochrome output and headless snapshots.
        case text(lines: [String], plain: [String])
        /// A sixel image (`ESC P q … ESC \`), drawn from the cursor's cell.
        case sixel([UInt8])
        /// An iTerm2 inline image (`ESC ] 1337 ; File=… BEL`), stretched over the cells.
        case iterm([UInt8])
        /// A kitty graphics image: its pixels under an id, and the commands that show and remove it.
        case kitty(KittyPicture)
    }

    /// Width in terminal cells.
    public let columns: Int
    /// Height in terminal cells.
    public let rows: Int
    public let content: Content
    /// Whether the file ended before the picture did (`RGBImage.isTruncated` in Imaging): the
    /// rest is grey, and the app says so beside it.
    public var isTruncated: Bool
    /// What the decoder said of damage it decoded past (`RGBImage.decoderWarning`), for the log.
    public var decoderWarning: String?

    public init(columns: Int, rows: Int, content: Content, isTruncated: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.content = content
        self.isTruncated = isTruncated
    }
}

extension RenderedPicture {
    /// A text picture.
    public init(columns: Int, rows: Int, lines: [String], plainLines: [String]) {
        self.init(columns: columns, rows: rows, content: .text(lines: lines, plain: plainLines))
    }

    /// The ANSI rows of a text picture, or of a kitty picture's Unicode placeholders; empty for
    /// the others.
    public var lines: [String] {
        if case .text(let lines, _) = content { return lines }
        return kitty?.placeholderRows ?? []
    }

    /// The plain rows of a text picture; empty for the others.
    public var plainLines: [String] {
        if case .text(_, let plain) = content { return plain }
        return []
    }

    /// The kitty picture; nil for the others.
    public var kitty: KittyPicture? {
        if case .kitty(let kitty) = content { return kitty }
        return nil
    }

    /// Whether the picture is text art (which can be cut by cells and is written over like text).
    public var isText: Bool {
        if case .text = content { return true }
        return false
    }

    /// Whether the picture is drawn as text rows (`lines`): text art, or a kitty picture shown by
    /// Unicode placeholders. Such a picture is written, cut and erased as text is.
    public var drawsAsText: Bool { isText || kitty?.showsAsText == true }

    /// What is written with the cursor at the picture's top-left cell to show a graphic: the
    /// sixel or iTerm2 image, or the kitty placement. Empty for text, which is written row by row.
    public var graphicBytes: [UInt8] {
        switch content {
        case .text: return []
        case .sixel(let bytes), .iterm(let bytes): return bytes
        case .kitty(let kitty): return kitty.placement
        }
    }

    /// Memory held by the text or the escape sequences (a kitty picture's transmission and its
    /// placement): what a cache of pictures is charged for one.
    public var byteCount: Int {
        switch content {
        case .text(let lines, let plain): return (lines + plain).reduce(0) { $0 + $1.utf8.count }
        case .sixel(let bytes), .iterm(let bytes): return bytes.count
        case .kitty(let kitty): return kitty.transmission.count + kitty.placement.count
        }
    }
}
