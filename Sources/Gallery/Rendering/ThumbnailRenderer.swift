public import Imaging
public import TerminalVocabulary

/// Renders downloaded image bytes for the app's screen in any `RenderMode`, through Imaging's
/// `PictureRenderer`: grid thumbnails (filled) and the detail pane's image (fitted).
public struct ThumbnailRenderer: ThumbnailRendering {
    public let mode: RenderMode
    /// The size of one terminal cell in pixels, for the modes that draw pixels.
    public let cell: PixelSize
    /// The colours of half-block and ASCII art.
    public let depth: ColorDepth
    /// The sixel colour registers to use: as many as the terminal has, at most 256.
    public let sixelRegisters: Int
    /// What transparent pixels are composited over: the terminal's background as the theme says.
    public let background: RGB
    /// What kitty pictures are sent as: RGB, or PNG over SSH.
    public let kittyPixels: KittyPicture.Pixels
    /// The most registers a quantised sixel palette uses: thumbnails keep to the encoder's default,
    /// which keeps the bytes scroll frames send down; the detail pane's picture, drawn once, spends
    /// the bytes of a full 256-register palette, a better picture for somewhat more bytes
    /// (BENCHMARKS.md).
    /// Set by role (`forPictureDrawnOnce`), not by fit: the grid's contain is the detail pane's fit.
    public private(set) var sixelQuantizedRegisters = SixelEncoder.quantizedRegisters
    /// The most pixels a kitty picture sends (`PictureRenderer.kittyPixelLimit`): nil but for a
    /// playing video's frames (`forPlayingVideo`).
    public private(set) var kittyPixelLimit: Int?
    /// A playing video's kitty frame at most: 62,500 pixels, 187,500 bytes of RGB, 250,000 in
    /// base64, so 30 frames a second are 7.5 MB/s. On shared cores the pane's whole 790x444
    /// (1.4 MB a frame) played at 10 to 15 frames a second and half its width and height at 27.9,
    /// this at 29 (BENCHMARKS.md). Raw RGB rather than deflated: zlib saved only a quarter of a
    /// frame's bytes.
    public static let playingVideoKittyPixels = 62_500
    /// How kitty pixels are sent: stored and placed by id, or, inside tmux, stored through its
    /// passthrough and shown by Unicode placeholders.
    public let kittyTransmission: KittyPicture.Transmission
    private let kittyIDs: KittyImageIDs

    /// - Parameter sixelColorRegisters: what the terminal reported (XTSMGRAPHICS); 256 when unknown.
    /// - Parameter kittyPlaceholderIDs: inside tmux, the ids this pane's kitty pictures take, shown
    ///   by Unicode placeholders (`TerminalCapabilities.kittyImageIDs`); nil: placed by id.
    public init(mode: RenderMode, cell: PixelSize = .fallbackCell, depth: ColorDepth = .trueColor,
                sixelColorRegisters: Int? = nil, background: RGB = RGB(0, 0, 0), kittyPixels: KittyPicture.Pixels = .rgb,
                kittyPlaceholderIDs: ClosedRange<UInt32>? = nil) {
        self.mode = mode
        self.cell = PixelSize(width: max(1, cell.width), height: max(1, cell.height))
        self.depth = depth
        sixelRegisters = min(256, max(2, sixelColorRegisters ?? 256))
        self.background = background
        self.kittyPixels = kittyPixels
        kittyTransmission = kittyPlaceholderIDs == nil ? .stored : .placeholdersThroughTmux
        kittyIDs = KittyImageIDs(reserved: [KittyGraphics.queryID], range: kittyPlaceholderIDs)
    }

    /// Pixel modes: the cells' pixels, each side at most what a terminal shows, a sixel's height
    /// cut to whole bands. Text art: twice the samples the cells show in each direction, so the
    /// area average has real pixels to average (the decode picks its own size from the cells).
    public func pixelSize(cells: CellSize) -> PixelSize {
        let box = pictures(for: .crop).pixelBox(cells: cells)
        return mode.drawsPixels ? box : PixelSize(width: box.width * 2, height: box.height * 2)
    }

    public func render(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
        // Hashing the bytes costs a pass over them: only kitty names its pictures.
        let kittyID = mode == .kitty ? kittyIDs.id(for: data, cells: cells, fit: fit) : 0
        return try pictures(for: fit).render(data, cells: cells,
                                             fit: fit, kittyID: kittyID)
    }

    public func decode(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RGBImage {
        try pictures(for: fit).decode(data, cells: cells, fit: fit)
    }

    public func render(_ image: RGBImage, cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
        let kittyID = mode == .kitty ? kittyIDs.id(for: image.pixels, cells: cells, fit: fit, pixelLimit: kittyPixelLimit) : 0
        return try pictures(for: fit).render(image, cells: cells, fit: fit,
                                             kittyID: kittyID)
    }

    public func zoomBox(cells: CellSize) -> PixelSize {
        pictures(for: .contain).pixelBox(cells: cells)
    }

    public func decode(_ data: [UInt8], cells: CellSize, zoom: PictureZoom) throws -> ZoomedPixels {
        try pictures(for: .contain).decode(data, cells: cells, zoom: zoom)
    }

    public func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom) throws -> RenderedPicture {
        // Named by what is shown: the pixels' part of the photo at this scale and place. The pixels
        // are sampled, 64 KB of them at most: a photo decoded whole is hashed at every pan.
        let view = zoom.view(photo: pixels.photo, box: zoomBox(cells: cells))
        let kittyID: UInt32
        if mode == .kitty {
            let all = pixels.image.pixels
            let sample = stride(from: 0, to: all.count, by: max(1, all.count / 65_536)).map { all[$0] }
            kittyID = kittyIDs.id(for: sample + Array("\(pixels.image.width)x\(pixels.image.height) \(view.region) \(view.drawn)".utf8),
                                  cells: cells, fit: .contain)
        } else {
            kittyID = 0
        }
        return try pictures(for: .contain).render(pixels, cells: cells, zoom: zoom, kittyID: kittyID)
    }

    public var forPictureDrawnOnce: any ThumbnailRendering {
        var once = self
        once.sixelQuantizedRegisters = 256
        return once
    }

    public var forPlayingVideo: any ThumbnailRendering {
        var playing = self
        playing.kittyPixelLimit = Self.playingVideoKittyPixels
        return playing
    }

    /// Pictures a screen draws again with every scroll frame: sixel in whole bands (a partial last
    /// band is drawn differently by different terminals, and padding would spill into the next
    /// row), kitty pixels stored once and placed by id (`TerminalImage`) or shown by placeholders, fitted text centred in
    /// its whole pane, and one decoding thread, since `RenderLimiter` runs one render per core.
    private func pictures(for fit: PictureFit) -> PictureRenderer {
        var renderer = PictureRenderer(mode: mode, cell: cell, depth: depth, sixelRegisters: sixelRegisters,
                                       sixelQuantizedRegisters: sixelQuantizedRegisters,
                                       wholeSixelBands: true, kittyTransmission: kittyTransmission, kittyPixels: kittyPixels,
                                       parallelDecode: false, padsFittedText: true, background: background)
        renderer.kittyPixelLimit = kittyPixelLimit
        return renderer
    }
}
