public import TerminalVocabulary

/// Decode, fit and encode in one call: encoded image bytes into a `RenderedPicture` for a box of
/// terminal cells in one `RenderMode`. `gallery view` and the app both render through it; where
/// they differ (a picture printed once against one a screen draws again and again), the
/// difference is a setting here, each documented with the reason a caller picks it.
///
/// A value type with no state: calls may run concurrently.
public struct PictureRenderer: Sendable {
    public var mode: RenderMode
    /// The size of a terminal cell in pixels, for the modes that draw pixels.
    public var cell: PixelSize
    /// The colours of half-block and ASCII art.
    public var depth: ColorDepth
    /// How many sixel colour registers the terminal has (2...256).
    public var sixelRegisters: Int
    /// The most registers a quantised sixel palette uses (`SixelEncoder.encode`): the default
    /// keeps the bytes a redrawn picture re-sends down, a picture drawn once can afford 256.
    public var sixelQuantizedRegisters: Int
    /// Whether sixel pictures are cut to whole 6-pixel bands (at most 5 rows lost, cropped
    /// evenly): terminals draw a partial last band differently, which matters where a picture must
    /// cover exactly its cells; otherwise a picture is sent at its own height (240x1 is 240x1).
    public var wholeSixelBands: Bool
    /// How a kitty picture's pixels are sent: stored and placed at once, or stored to be placed.
    public var kittyTransmission: KittyPicture.Transmission
    /// What a kitty picture's pixels are sent as: RGB, or PNG over SSH.
    public var kittyPixels: KittyPicture.Pixels
    /// Whether a JPEG may be decoded on a second thread: worth it when one picture is rendered at
    /// a time, not when renders already run one per core.
    public var parallelDecode: Bool
    /// What transparent pixels are composited over: the terminal's background, ideally.
    public var background: RGB
    /// Whether fitted text art fills its whole box, blank cells around the picture, rather than
    /// covering only the cells of the picture (rounded up to whole rows), as pixel modes do.
    public var padsFittedText: Bool
    /// The most pixels a kitty picture sends, nil for no limit: a picture fitting more is sent
    /// scaled down, its aspect kept, and placed over the same cells, which kitty scales it to. For
    /// pictures replaced many times a second (a video's frames), whose bytes the terminal could
    /// not take in at full size.
    public var kittyPixelLimit: Int? = nil

    public init(mode: RenderMode, cell: PixelSize, depth: ColorDepth, sixelRegisters: Int = 256,
                sixelQuantizedRegisters: Int = SixelEncoder.quantizedRegisters, wholeSixelBands: Bool = false,
                kittyTransmission: KittyPicture.Transmission = .placedAtCursor, kittyPixels: KittyPicture.Pixels = .rgb,
                parallelDecode: Bool = false, padsFittedText: Bool = false, background: RGB = RGB(0, 0, 0)) {
        self.mode = mode
        self.cell = cell
        self.depth = depth
        self.sixelRegisters = sixelRegisters
        self.sixelQuantizedRegisters = sixelQuantizedRegisters
        self.wholeSixelBands = wholeSixelBands
        self.kittyTransmission = kittyTransmission
        self.kittyPixels = kittyPixels
        self.parallelDecode = parallelDecode
        self.padsFittedText = padsFittedText
        self.background = background
    }

    /// What one cell holds in this mode: `cell`'s pixels, or a text cell's samples.
    public var pixelsPerCell: PixelSize { mode.drawsPixels ? cell : .textCell }

    /// The box a picture over `columns` x `rows` cells is fitted in, in the pixels (or text
    /// samples) the mode draws: each side at most what a terminal shows (`PixelSize.pictureBox`),
    /// and for `wholeSixelBands` the height cut to whole bands.
    public func pixelBox(cells: CellSize) -> PixelSize {
        let box = PixelSize.pictureBox(columns: cells.columns, rows: cells.rows, cell: pixelsPerCell)
        guard mode == .sixel, wholeSixelBands, box.height >= 6 else { return box }
        return PixelSize(width: box.width, height: box.height - box.height % 6)
    }

    /// Decodes `encoded` (`ImageDecoder`), resizes it for `columns` x `rows` cells and encodes
    /// it in `mode`. The picture covers the cells it is drawn on: all of the box when filled,
    /// fewer along one side when fitted (except text art with `padsFittedText`); text art of a
    /// box larger than a terminal shows is cut to the cells `pixelBox` holds.
    /// - Parameters:
    ///   - zoom: a closer look than the fit: only the part of the photo it shows, drawn at its
    ///     scale (`decode(_:cells:zoom:)`, `render(_:cells:zoom:kittyID:)`); `fit` is then unused.
    ///   - kittyID: the kitty image id, distinct per picture so one does not replace another;
    ///     other modes ignore it.
    /// - Throws: `ImageError` from decoding, or from encoding a picture without pixels.
    public func render(_ encoded: some EncodedBytes, cells: CellSize, fit: PictureFit, zoom: PictureZoom? = nil,
                       kittyID: UInt32 = 0) throws -> RenderedPicture {
        if let zoom {
            return try render(decode(encoded, cells: cells, zoom: zoom), cells: cells, zoom: zoom, kittyID: kittyID)
        }
        return try render(decode(encoded, cells: cells, fit: fit), cells: cells, fit: fit, kittyID: kittyID)
    }

    /// The first half of `render(_:columns:rows:fit:kittyID:)`: `encoded` decoded upright at a
    /// size that resamples well to the box (`ImageDecoder.decode(_:filling:)` or `fittingIn:`),
    /// not resized to it. A caller keeping the pixels (a desktop thumbnail) decodes once.
    public func decode(_ encoded: some EncodedBytes, cells: CellSize, fit: PictureFit) throws -> RGBImage {
        let box = pixelBox(cells: cells)
        switch fit {
        case .crop: return try ImageDecoder.decode(encoded, filling: box, parallel: parallelDecode, background: background)
        case .contain: return try ImageDecoder.decode(encoded, fittingIn: box, parallel: parallelDecode, background: background)
        }
    }

    /// The second half: `decoded` (from `decode`, or pixels kept from an earlier one, upright)
    /// resized for `columns` x `rows` cells and encoded in `mode`.
    public func render(_ decoded: RGBImage, cells: CellSize, fit: PictureFit, kittyID: UInt32 = 0) throws -> RenderedPicture {
        let box = pixelBox(cells: cells)
        return mode.drawsPixels ? try renderPixels(decoded, in: box, fit: fit, kittyID: kittyID)
                                : try renderText(decoded, in: box, fit: fit)
    }
}
