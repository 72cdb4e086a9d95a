#if TESTABLE_IMPORTS
@testable import Imaging
@testable import JPEGDCDecoder
import TerminalVocabulary

/// The input is a JPEG file. Our eighth-scale DC decoder promises libjpeg-turbo's own 1/8 pixels
/// or nil, so whenever it gives an image, libjpeg-turbo must decode the same bytes to the same
/// pixels; a difference is a finding. The public decode path runs on the same bytes for crashes,
/// and so does the zoom's region decode (`jpeg_crop_scanline`, `jpeg_skip_scanlines`), whose
/// pixels at full scale must be the whole decode's of a file libjpeg-turbo reads without a warning.
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
        try compareRegionWithWhole(bytes)
    }

    /// A region picked by the input's last bytes, decoded at full scale and reduced; the first
    /// must be the same pixels as that region of a whole decode.
    private static func compareRegionWithWhole(_ bytes: [UInt8]) throws {
        guard let size = try? JPEGCodec.dimensions(of: bytes), size.width * size.height <= maxFullPixels else { return }
        let seed = bytes.suffix(4).reduce(0) { $0 << 8 | Int($1) }
        let width = 1 + seed % size.width, height = 1 + (seed >> 8) % size.height
        let region = PixelRect(x: (seed >> 4) % (size.width - width + 1), y: (seed >> 12) % (size.height - height + 1),
                               width: width, height: height)
        _ = try? JPEGCodec.decode(bytes, region: region, covering: PixelSize(width: max(1, width / 5), height: max(1, height / 5)),
                                  maxPixels: maxFullPixels)
        guard let part = try? JPEGCodec.decode(bytes, region: region, covering: PixelSize(width: width, height: height),
                                               maxPixels: maxFullPixels),
              let whole = try? JPEGCodec.libjpegTurboDecode(bytes, numerator: 8),
              whole.decoderWarning == nil, part.image.decoderWarning == nil else { return }
        try check(part.covers == region && part.image.width == width && part.image.height == height,
                  "jpeg: the region \(region) decoded as \(part.image.width)x\(part.image.height) covering \(part.covers)")
        for y in 0..<height {
            for x in 0..<width where part.image[x, y] != whole[region.x + x, region.y + y] {
                throw FuzzFinding("jpeg: the region \(region) of \(size.width)x\(size.height) differs from the whole decode at "
                                  + "(\(x), \(y)): \(part.image[x, y]) against \(whole[region.x + x, region.y + y])")
            }
        }
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
