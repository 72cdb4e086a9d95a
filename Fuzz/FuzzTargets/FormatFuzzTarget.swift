import Imaging

/// The input is a file of one of the formats decoded by a library of its own (WebP, GIF, TIFF,
/// HEIF, BMP), through `ImageDecoder` as the app and `gallery view` call it: a thumbnail-sized
/// decode and a full one. Errors are fine; a crash, a hang or an image other than the format's
/// is a finding.
enum FormatFuzzTarget {
    /// Pictures announcing more are refused before anything is allocated for them, so one input
    /// stays small and fast.
    static let maxPixels = 1 << 20

    static func run(_ input: UnsafeRawBufferPointer, as format: ImageFormat) throws {
        let bytes = Array(input)
        let sniffed = ImageFormat(sniffing: bytes)
        for box in [(width: 48, height: 32), (width: 300, height: 200)] {
            guard let image = try? ImageDecoder.decode(bytes, fittingIn: box, maxPixels: maxPixels) else { continue }
            try check(sniffed != nil, "\(format): an image (\(image.width)x\(image.height)) from bytes of no known format")
            try check(image.width > 0 && image.height > 0 && image.width * image.height <= maxPixels,
                      "\(format): decoded \(image.width)x\(image.height) with a cap of \(maxPixels) pixels")
        }
        _ = try? ImageDecoder.decode(bytes, maxPixels: maxPixels)
        _ = try? ImageDecoder.dimensions(of: bytes)
    }
}
