#if TESTABLE_IMPORTS
@testable import Imaging
@testable import JPEGDCDecoder
import TerminalVocabulary

/// The input is a JPEG file. Our eighth-scale DC decoder promises libjpeg-turbo's own 1/8 pixels
/// or nil, so whenever it gives an image, libjpeg-turbo must decode the same bytes to the same
/// pixels; a difference is a finding. The public decode path runs on the same bytes for crashes.
enum JPEGFuzzTarget {
    /// Pictures announcing more are skipped: 2048x2048 keeps every decode below a few MB and
    /// a few ms, yet is 3 x 65,536 blocks, enough for the DC decoder's two-thread path.
    static let maxPixels = 1 << 22
    /// Full-size decodes (every IDCT) only below this, so one input stays fast.
    static let maxFullPixels = 1 << 18

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let bytes = Array(input)
        decodeThroughPublicAPI(bytes)
        try compareWithLibjpegTurbo(bytes)
    }

    /// What the app and `gallery view` call: a thumbnail-sized decode and a full one. Errors are
    /// fine (the input is mostly not a valid JPEG); crashes are not.
    private static func decodeThroughPublicAPI(_ bytes: [UInt8]) {
        _ = try? ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 48, height: 32), maxPixels: maxPixels)
        _ = try? ImageDecoder.decode(bytes, filling: PixelSize(width: 300, height: 200), maxPixels: maxPixels)
        _ = try? ImageDecoder.decode(bytes, maxPixels: maxFullPixels)
    }

    private static func compareWithLibjpegTurbo(_ bytes: [UInt8]) throws {
        let announced = bytes.withUnsafeBufferPointer { JPEGBaselineHeader($0).map { $0.width * $0.height } }
        guard let announced, announced <= maxPixels else { return }
        // The product reads the header with libjpeg-turbo first (`JPEGCodec.decode`): what that
        // refuses (odd subsamplings TurboJPEG cannot name, say) never reaches the DC decoder.
        guard (try? JPEGCodec.dimensions(of: bytes)) != nil else { return }
        for parallel in [false, true] {
            // The two-thread path on any picture, not only on scans of 65,536 blocks and more.
            let decoded = bytes.withUnsafeBufferPointer { JPEGEighthDecoder.decode($0, parallel: parallel, parallelFrom: 1) }
            guard let ours = decoded.map(RGBImage.init) else { continue }
            let theirs: RGBImage
            do {
                theirs = try JPEGCodec.libjpegTurboDecode(bytes, numerator: 1)
            } catch {
                throw FuzzFinding("jpeg: the DC decoder (parallel: \(parallel)) gave \(ours.width)x\(ours.height) "
                                  + "where libjpeg-turbo fails: \(error)")
            }
            try check(ours.width == theirs.width && ours.height == theirs.height,
                      "jpeg: the DC decoder (parallel: \(parallel)) gave \(ours.width)x\(ours.height), "
                      + "libjpeg-turbo \(theirs.width)x\(theirs.height)")
            if let first = ours.pixels.indices.first(where: { ours.pixels[$0] != theirs.pixels[$0] }) {
                let pixel = first / 3, x = pixel % ours.width, y = pixel / ours.width
                throw FuzzFinding("jpeg: the DC decoder (parallel: \(parallel)) differs from libjpeg-turbo at (\(x), \(y)) "
                                  + "of \(ours.width)x\(ours.height): \(ours[x, y]) against \(theirs[x, y])")
            }
        }
    }
}
#endif
