import TerminalVocabulary
import Imaging

/// The input is a PNG file, decoded by libpng through `PNGCodec` (directly and through
/// `ImageDecoder`). What decodes must survive our encoder: encoded again and decoded, the same
/// pixels, since PNG is lossless.
enum PNGFuzzTarget {
    /// Pictures announcing more are refused by the decoder, so one input stays small and fast
    /// (at 512x512 the re-encode alone held the fuzzer to under 100 inputs a second).
    static let maxPixels = 1 << 14

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let bytes = Array(input)
        _ = try? ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 48, height: 32), maxPixels: maxPixels)
        // Boxes of a few pixels even for the small pictures a fuzzer makes: the averaging in C, interlaced or not.
        if let boxed = try? PNGCodec.decode(bytes, covering: PixelSize(width: 3, height: 2), maxPixels: maxPixels) {
            try check(boxed.pixels.count == boxed.width * boxed.height * 3, "png: boxes of the wrong size")
        }
        // Over white, not the default black: alpha compositing has to work for any backdrop.
        guard let image = try? PNGCodec.decode(bytes, maxPixels: maxPixels, background: RGB(255, 255, 255)) else { return }
        let again: RGBImage
        do {
            again = try PNGCodec.decode(PNGCodec.encode(image))
        } catch {
            throw FuzzFinding("png: a decoded \(image.width)x\(image.height) image does not encode and decode again: \(error)")
        }
        // The pixels: a picture cut short (`isTruncated`) encodes as a whole one.
        try check(again.width == image.width && again.pixels == image.pixels,
                  "png: \(image.width)x\(image.height) changed in an encode and decode")
    }
}
