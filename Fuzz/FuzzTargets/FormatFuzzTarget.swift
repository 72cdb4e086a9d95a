import TerminalVocabulary
import Imaging

/// The input is a file of one of the formats decoded by a library of its own (WebP, GIF, TIFF,
/// HEIF, BMP), through `ImageDecoder` as the app and `gallery view` call it: a thumbnail-sized
/// decode, a full one and an animation's frames. Errors are fine; a crash, a hang or an image
/// other than the format's is a finding.
enum FormatFuzzTarget {
    /// Pictures announcing more are refused before anything is allocated for them, so one input
    /// stays small and fast.
    static let maxPixels = 1 << 20

    static func run(_ input: UnsafeRawBufferPointer, as format: ImageFormat) throws {
        let bytes = Array(input)
        let sniffed = ImageFormat(sniffing: bytes)
        // A box of one pixel too: a large picture then averages boxes of many pixels (BMP, TIFF).
        for box in [PixelSize(width: 1, height: 1), PixelSize(width: 48, height: 32), PixelSize(width: 300, height: 200)] {
            guard let image = try? ImageDecoder.decode(bytes, fittingIn: box, maxPixels: maxPixels) else { continue }
            try check(sniffed != nil, "\(format): an image (\(image.width)x\(image.height)) from bytes of no known format")
            try check(image.width > 0 && image.height > 0 && image.width * image.height <= maxPixels,
                      "\(format): decoded \(image.width)x\(image.height) with a cap of \(maxPixels) pixels")
        }
        _ = try? ImageDecoder.decode(bytes, maxPixels: maxPixels)
        _ = try? ImageDecoder.dimensions(of: bytes)
        // An animation's frames, as `gallery view` plays them: each the screen's size.
        var sizes: Set<[Int]> = [], delays: [Int] = []
        try? ImageDecoder.forEachFrame(bytes, maxPixels: maxPixels, maxFrames: 16) { frame, milliseconds in
            sizes.insert([frame.width, frame.height])
            delays.append(milliseconds)
            return true
        }
        try check(sizes.count <= 1, "\(format): frames of different sizes \(sizes)")
        try check(delays.allSatisfy { $0 >= 0 }, "\(format): negative frame delays \(delays)")
    }
}
