import Imaging

/// Renders downloaded image bytes into terminal cells with the Imaging pipeline: scaled JPEG decode,
/// area-average resize, then half-blocks or ASCII.
public struct ImagingThumbnailRenderer: ThumbnailRendering {
    public enum Style: String, Sendable { case halfBlocks = "halfblock", ascii }

    public let style: Style
    public let depth: ColorDepth

    public init(style: Style, depth: ColorDepth) {
        self.style = style
        self.depth = depth
    }

    /// The size to download: twice the pixels a cell shows in each direction, so the area average
    /// has real pixels to average (the decode picks its own size from the cells).
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (max(1, columns) * 2, max(1, rows) * 4)
    }

    public func render(_ data: [UInt8], columns: Int, rows: Int, fit: ImageFit) throws -> Thumbnail {
        // Both styles show one sample per column and two per row, in square pixels.
        let samples = (width: max(1, columns), height: max(1, rows) * 2)
        let cellFit: CellArt.Fit = fit == .crop ? .fill : .fit
        let image = try cellFit == .fill ? ImageDecoder.decode(data, filling: samples)
                                         : ImageDecoder.decode(data, fittingIn: samples)
        let art: CellArt
        switch style {
        case .halfBlocks: art = CellArt.halfBlocks(from: image, columns: columns, rows: rows, fit: cellFit)
        case .ascii: art = CellArt.ascii(from: image, columns: columns, rows: rows, fit: cellFit, colored: depth != .none)
        }
        return Thumbnail(columns: art.columns, rows: art.rows,
                         lines: (0..<art.rows).map { art.ansiLine(row: $0, depth: depth) },
                         plainLines: (0..<art.rows).map { art.plainLine(row: $0) })
    }
}
