/// An 8-bit RGB raster, row-major, 3 bytes a pixel, no padding.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: R, G, B of each pixel, rows top to bottom.
    public var pixels: [UInt8]
    /// How much of the last column and of the last row is picture, in eighths of a pixel (8: all
    /// of it). A reduced JPEG decode of a picture whose size is not a multiple of the scale's
    /// block ends in a partial pixel (2667 rows at 1/8 are 333 and 3/8); resizing counts it as the
    /// part it is, so the picture is neither stretched nor shrunk by it.
    public internal(set) var lastColumnEighths = 8
    public internal(set) var lastRowEighths = 8
    /// The same for the first column and row: a picture turned upright (`oriented(_:)`) may have
    /// its partial pixel first. At most one of a side's two ends is partial.
    public internal(set) var firstColumnEighths = 8
    public internal(set) var firstRowEighths = 8
    /// Whether the file ended before the picture did: what decoded is shown, the rest grey
    /// (a JPEG cut short). Kept by resizing and turning.
    public internal(set) var isTruncated = false
    /// What the decoder said of damage it decoded past (libjpeg's first warning, and how many
    /// there were), for the log: never shown, since the picture is. Nil for a clean file. Kept by
    /// resizing and turning.
    public internal(set) var decoderWarning: String?

    /// The picture's width and height in eighths of a pixel.
    var widthEighths: Int { width * 8 - (8 - lastColumnEighths) - (8 - firstColumnEighths) }
    var heightEighths: Int { height * 8 - (8 - lastRowEighths) - (8 - firstRowEighths) }

    /// Wraps existing pixels; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3,
                     "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A solid image, mostly for tests and placeholders.
    public init(width: Int, height: Int, filledWith color: RGB) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at column `x`, row `y` (both from 0).
    public subscript(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
    }
}

extension RGBImage: CustomStringConvertible {
    /// Size only: test failures and logs should not print megabytes of pixels.
    public var description: String { "RGBImage(\(width)x\(height))" }
}

/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    /// A colour from its red, green and blue components.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
}
