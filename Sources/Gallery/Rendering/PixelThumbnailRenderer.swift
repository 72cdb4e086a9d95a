import Imaging
import TUI
public import TerminalEnvironment

/// Renders downloaded image bytes as real pixels for a terminal graphics protocol: scaled JPEG
/// decode to a size covering the target, area-average resize to the cells' pixels, then a sixel,
/// kitty or iTerm2 payload.
public struct PixelThumbnailRenderer: ThumbnailRendering {
    /// A mode that `drawsPixels`.
    public let mode: RenderMode
    /// The size of one terminal cell in pixels.
    public let cellWidth: Int
    public let cellHeight: Int
    /// The sixel colour registers to use: as many as the terminal has, at most 256.
    public let sixelRegisters: Int
    private let kittyIDs = KittyImageIDs(reserved: [KittyGraphics.queryID])

    /// - Parameter sixelColorRegisters: what the terminal reported (XTSMGRAPHICS); 256 when unknown.
    public init(mode: RenderMode, cellWidth: Int, cellHeight: Int, sixelColorRegisters: Int? = nil) {
        precondition(mode.drawsPixels, "PixelThumbnailRenderer draws pixels, not \(mode)")
        self.mode = mode
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        sixelRegisters = min(256, max(2, sixelColorRegisters ?? 256))
    }

    /// The cells' pixels, each side at most what a terminal shows (`PixelSize.pictureBox`); for
    /// sixel the height is cut to whole 6-pixel bands, since a partial last band is drawn
    /// differently by different terminals and padding would spill into the next row.
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        let box = PixelSize.pictureBox(columns: columns, rows: rows,
                                       cell: PixelSize(width: cellWidth, height: cellHeight))
        guard mode == .sixel, box.height >= 6 else { return (box.width, box.height) }
        return (box.width, box.height - box.height % 6)
    }

    public func render(_ data: [UInt8], columns: Int, rows: Int, fit: ImageFit) throws -> Thumbnail {
        let box = pixelSize(columns: columns, rows: rows)
        let image: RGBImage
        switch fit {
        case .crop:
            image = try ImageDecoder.decode(data, filling: box).aspectFill(width: box.width, height: box.height)
        case .max:
            let decoded = try ImageDecoder.decode(data, fittingIn: box)
            let fitted = decoded.aspectFit(width: box.width, height: box.height)
            let extra = mode == .sixel && fitted.height > 6 ? fitted.height % 6 : 0
            // Whole sixel bands: lose at most 5 rows, cropped evenly, rather than distort or pad.
            image = extra == 0 ? fitted : decoded.aspectFill(width: fitted.width, height: fitted.height - extra)
        }
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        // The cells the picture covers: all of them for a thumbnail, fewer for a fitted image.
        let cells = image.cellsCovered(cellWidth: cellWidth, cellHeight: cellHeight)
        switch mode {
        case .sixel:
            // A fitted image is the detail pane's, drawn once rather than with every scroll frame:
            // it spends the bytes of a full 256-register palette (800x600: 39.0 dB against 37.2,
            // 20% more bytes), where thumbnails keep to the smaller default.
            let quantized = fit == .max ? 256 : SixelEncoder.quantizedRegisters
            let bytes = try SixelEncoder.encode(image, registers: sixelRegisters, quantizedRegisters: quantized)
            return Thumbnail(columns: cells.columns, rows: cells.rows,
                             content: .graphic(TerminalGraphic(bytes: bytes, kind: .sixel)))
        case .kitty:
            let id = kittyIDs.id(for: data, columns: columns, rows: rows, fit: fit)
            // Transmitted once, then placed by id wherever it is shown (TerminalImage(_:id:)).
            let kitty = KittyImage(id: id, transmission: KittyGraphics.transmit(image, id: id),
                                   deletePlacements: KittyGraphics.deletePlacements(id: id),
                                   free: KittyGraphics.free(id: id), storedBytes: image.pixels.count)
            let placement = KittyGraphics.place(id: id, columns: cells.columns, rows: cells.rows)
            return Thumbnail(columns: cells.columns, rows: cells.rows,
                             content: .graphic(TerminalGraphic(bytes: placement, kind: .kitty(kitty))))
        case .iterm, .halfblock, .ascii:
            let bytes = try ITermImage.encode(image, columns: cells.columns, rows: cells.rows)
            return Thumbnail(columns: cells.columns, rows: cells.rows,
                             content: .graphic(TerminalGraphic(bytes: bytes, kind: .iterm)))
        }
    }
}
