public import Imaging
public import TerminalEnvironment

/// Renders downloaded image bytes into terminal cells with the Imaging pipeline: scaled JPEG decode,
/// area-average resize, then half-blocks or ASCII.
public struct ImagingThumbnailRenderer: ThumbnailRendering {
    /// `.halfblock` or `.ascii`.
    public let textArt: RenderMode
    public let depth: ColorDepth

    public init(textArt: RenderMode, depth: ColorDepth) {
        precondition(!textArt.drawsPixels, "ImagingThumbnailRenderer draws characters, not \(textArt)")
        self.textArt = textArt
        self.depth = depth
    }

    /// The size to download: twice the samples the cells show in each direction, so the area
    /// average has real pixels to average (the decode picks its own size from the cells).
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        let samples = Self.samples(columns: columns, rows: rows)
        return (samples.width * 2, samples.height * 2)
    }

    public func render(_ data: [UInt8], columns requestedColumns: Int, rows requestedRows: Int,
                       fit: ImageFit) throws -> Thumbnail {
        let samples = Self.samples(columns: requestedColumns, rows: requestedRows)
        // A box larger than a terminal shows is drawn in the cells its samples fill.
        let columns = samples.width, rows = samples.height / 2
        let cellFit: CellArt.Fit = fit == .crop ? .fill : .fit
        let box = (width: samples.width, height: samples.height)
        let image = try cellFit == .fill ? ImageDecoder.decode(data, filling: box)
                                         : ImageDecoder.decode(data, fittingIn: box)
        let art: CellArt
        switch textArt {
        case .halfblock, .sixel, .kitty, .iterm: art = CellArt.halfBlocks(from: image, columns: columns, rows: rows, fit: cellFit)
        case .ascii: art = CellArt.ascii(from: image, columns: columns, rows: rows, fit: cellFit, colored: depth != .none)
        }
        return Thumbnail(columns: art.columns, rows: art.rows,
                         lines: (0..<art.rows).map { art.ansiLine(row: $0, depth: depth) },
                         plainLines: (0..<art.rows).map { art.plainLine(row: $0) })
    }

    /// Both styles show one sample per column and two per row, in square pixels.
    private static func samples(columns: Int, rows: Int) -> PixelSize {
        .pictureBox(columns: columns, rows: rows, cell: .textCell)
    }
}
