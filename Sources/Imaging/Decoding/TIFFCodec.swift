public import TerminalVocabulary
import CTIFF

/// TIFF decode with libtiff (through `CTIFF`, which keeps its messages off the terminal): the
/// first directory, through libtiff's RGBA reader (any photometric, bit depth, compression,
/// strips or tiles), upright as its Orientation tag says, alpha over black.
public enum TIFFCodec {
    /// The most bytes libtiff may allocate at once for one file (a strip, a tile, a table).
    static let maxAllocation = 256 << 20

    /// Decodes the first directory of a TIFF: every pixel, or, for a large picture, the averages of
    /// square boxes of them still covering `covering` (upright), read a band of rows at a time so
    /// that memory holds the small picture, never the large one (a 6 KB TIFF of 10000 x 10000 took
    /// 714 MB whole).
    /// - Throws: `.tooLarge` when it announces more than `maxPixels` (checked before pixel memory
    ///   is allocated), `.corrupt` with libtiff's first error for damage.
    public static func decode(_ data: some EncodedBytes, covering: PixelSize? = nil, maxPixels: Int = JPEGCodec.defaultMaxPixels,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            try withOpenFile(data) { tiff, width, height, orientation in
                guard Int(width) * Int(height) <= maxPixels else { throw ImageError.tooLarge(width: Int(width), height: Int(height)) }
                let turn = ImageOrientation(rawValue: Int(orientation)) ?? .up
                let stored = PixelSize(width: Int(width), height: Int(height))
                let factor = ScaledSize.boxFactor(covering.map(turn.upright), source: stored)
                guard factor > 1 else {
                    return try decode(tiff, width: width, height: height, orientation: orientation, background: background)
                }
                return try decodeInBoxes(tiff, size: stored, factor: factor, background: background).oriented(turn)
            }
        }
    }

    /// Width and height of the first directory as shown (turned upright).
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        try data.withUnsafeBufferPointer { data in
            try withOpenFile(data) { _, width, height, orientation in
                let stored = PixelSize(width: Int(width), height: Int(height))
                return (5...8).contains(orientation) ? PixelSize(width: stored.height, height: stored.width) : stored
            }
        }
    }

    /// Calls `body` with the open file and its first directory's width, height and orientation.
    private static func withOpenFile<Result>(_ data: UnsafeBufferPointer<UInt8>,
                                             _ body: (OpaquePointer, UInt32, UInt32, UInt16) throws -> Result) throws -> Result {
        guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
        var report = gallery_tiff_report()
        guard let tiff = gallery_tiff_open(base, data.count, maxAllocation, &report) else {
            throw ImageError.corrupt("TIFF: \(report.text)")
        }
        defer { gallery_tiff_close(tiff) }
        var width: UInt32 = 0, height: UInt32 = 0, orientation: UInt16 = 1
        gallery_tiff_size(tiff, &width, &height, &orientation)
        guard width > 0, height > 0 else { throw ImageError.corrupt("TIFF without an image size") }
        return try body(tiff, width, height, orientation)
    }

    /// The picture as stored, as the averages of `factor` x `factor` boxes, read a band of rows at
    /// a time: whole boxes, and at least 64 rows, so a strip is seldom decoded twice.
    private static func decodeInBoxes(_ tiff: OpaquePointer, size: PixelSize, factor: Int, background: RGB) throws -> RGBImage {
        var canvas = BoxAveragingCanvas(width: size.width, height: size.height, topDown: true, factor: factor, background: background)
        let bandRows = min(size.height, factor * max(1, (64 + factor - 1) / factor))
        // A band is whole rows: a picture so wide that a band of them would not fit is refused.
        guard size.width * bandRows * 4 <= maxAllocation else {
            throw ImageError.corrupt("TIFF of \(size.width)x\(size.height): too wide to read a band of its rows")
        }
        var band = [UInt8](repeating: 0, count: size.width * bandRows * 4)
        var report = gallery_tiff_report()
        for first in stride(from: 0, to: size.height, by: bandRows) {
            let rows = min(bandRows, size.height - first)
            let status = band.withUnsafeMutableBufferPointer {
                gallery_tiff_read_rgba_rows(tiff, $0.baseAddress, UInt32(size.width), UInt32(first), UInt32(rows), &report)
            }
            guard status == 0 else { throw ImageError.corrupt("TIFF: \(report.text)") }
            band.withUnsafeBufferPointer { band in
                for row in 0..<rows {
                    canvas.setPremultiplied(row: first + row, UnsafeBufferPointer(rebasing: band[(row * size.width * 4)...]))
                }
            }
        }
        return canvas.finished(opaque: false)
    }

    private static func decode(_ tiff: OpaquePointer, width: UInt32, height: UInt32, orientation: UInt16,
                               background: RGB) throws -> RGBImage {
        var report = gallery_tiff_report()
        var rgba = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = rgba.withUnsafeMutableBufferPointer { gallery_tiff_read_rgba(tiff, $0.baseAddress, width, height, &report) }
        guard status == 0 else { throw ImageError.corrupt("TIFF: \(report.text)") }
        let image = rgba.withUnsafeBufferPointer {
            RGBAPixels.composited($0, width: Int(width), height: Int(height), premultiplied: true, over: background)
        }
        // libtiff treats 5 to 8 (the picture stored on its side) as 1 to 4, flips and all,
        // without transposing: 5 and 7 are then upright transposed, 6 and 8 across the other diagonal.
        switch orientation {
        case 5, 7: return image.transposed()
        case 6, 8: return image.transposed(acrossAntiDiagonal: true)
        default: return image
        }
    }
}

extension RGBImage {
    /// The picture mirrored along its main diagonal (column x of row y becomes column y of row x),
    /// or along the other one (the last row becomes the first column, read from the right).
    func transposed(acrossAntiDiagonal: Bool = false) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: self.pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let (column, row) = acrossAntiDiagonal ? (height - 1 - y, width - 1 - x) : (y, x)
                let from = (y * width + x) * 3, to = (row * height + column) * 3
                pixels[to] = self.pixels[from]
                pixels[to + 1] = self.pixels[from + 1]
                pixels[to + 2] = self.pixels[from + 2]
            }
        }
        return RGBImage(width: height, height: width, pixels: pixels)
    }
}

private extension gallery_tiff_report {
    /// libtiff's message, as C left it in the fixed buffer.
    var text: String {
        withUnsafeBytes(of: message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
