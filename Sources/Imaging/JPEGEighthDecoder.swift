/// Decodes a baseline JPEG at 1/8 scale straight from its DC coefficients.
///
/// At 1/8 scale every 8x8 block becomes one pixel, its mean, which is the block's DC coefficient:
/// the 63 AC coefficients only have to be stepped over. libjpeg-turbo's 1/8 decode does the same
/// arithmetic but still runs its full per-block machinery (zeroing each block, storing every AC
/// value, a 1x1 IDCT call per block, per-row buffering), and for a 4000 px photo that machinery,
/// not the file, is most of the time. Here each AC code costs one table lookup that also says how
/// many value bits follow, and usually steps over several codes at once (`JPEGHuffmanTable.acRuns`),
/// on a stream whose stuffed bytes were taken out beforehand, so refilling the bit buffer is one
/// unaligned load.
///
/// The output is libjpeg-turbo's own 1/8 output, bit for bit: the same rounding of the DC mean;
/// chroma subsampled both ways made, as libjpeg-turbo makes it, by a 2x2 IDCT of its blocks (their
/// lowest AC values are read for that) and other ratios replicated; the same fixed-point YCbCr
/// to RGB conversion. Tests hold it to that on real photos and on files with restart markers.
///
/// Anything unusual (progressive, arithmetic, several scans, Adobe/RGB colour, a damaged or
/// truncated stream) gives nil, and the caller decodes with libjpeg-turbo, which reports errors
/// in its own words.
enum JPEGEighthDecoder {
    /// `ceil(width / 8)` x `ceil(height / 8)` pixels, or nil when this decoder does not handle the
    /// file (see the type's comment).
    /// - Parameters:
    ///   - parallel: let a large scan be read on two threads (see `JPEGDCScan`).
    ///   - report: see `JPEGDCScan.decode`.
    static func decode(_ data: [UInt8], parallel: Bool = true,
                       report: (JPEGDCScan.Outcome) -> Void = { _ in }) -> RGBImage? {
        data.withUnsafeBufferPointer { data -> RGBImage? in
            guard let header = JPEGBaselineHeader(data) else { return nil }
            guard let stream = EntropyStream(data, from: header.scanStart) else { return nil }
            guard let planes = JPEGDCScan.decode(header, stream, parallel: parallel, report: report) else { return nil }
            return convert(planes, header)
        }
    }

    /// Every component's DC means, one sample (0...255) per block, in one buffer.
    struct Planes {
        /// Per component: where its plane starts in `samples`, and its width in blocks.
        let offsets: [Int]
        let widths: [Int]
        var samples: [UInt8]
    }

    // MARK: - Colour

    /// The planes as RGB, cropped to the picture's own 1/8 size.
    private static func convert(_ planes: Planes, _ header: JPEGBaselineHeader) -> RGBImage {
        let width = (header.width + 7) / 8, height = (header.height + 7) / 8
        let channels = header.components.indices.map { Channel(planes, component: $0, of: header) }
        // Per component: the sample index of output row y, and of output column x within a row.
        let rows = channels.map { channel in (0..<height).map { channel.samples.startIndex + $0 / channel.stepY * channel.width } }
        let columns = channels.map { channel in (0..<width).map { $0 / channel.stepX } }
        var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { $1 = $0.count }
        var o = 0
        if channels.count == 1 {
            let luma = channels[0].samples
            for y in 0..<height {
                for x in 0..<width {
                    let v = luma[rows[0][y] + x]
                    pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v
                    o += 3
                }
            }
            return RGBImage(width: width, height: height, pixels: pixels)
        }
        let table = YCbCrTable.shared
        let (ys, cbs, crs) = (channels[0].samples, channels[1].samples, channels[2].samples)
        for y in 0..<height {
            for x in 0..<width {
                let luma = Int(ys[rows[0][y] + columns[0][x]])
                let cb = Int(cbs[rows[1][y] + columns[1][x]])
                let cr = Int(crs[rows[2][y] + columns[2][x]])
                pixels[o] = UInt8(clamping: luma + table.crToRed[cr])
                pixels[o + 1] = UInt8(clamping: luma + ((table.cbToGreen[cb] + table.crToGreen[cr]) >> 16))
                pixels[o + 2] = UInt8(clamping: luma + table.cbToBlue[cb])
                o += 3
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// One component's samples ready for colour conversion: `stepX` x `stepY` output pixels share
    /// each sample, replicated as libjpeg-turbo does at this scale.
    private struct Channel {
        let samples: ArraySlice<UInt8>
        let width: Int
        let stepX: Int
        let stepY: Int

        init(_ planes: Planes, component c: Int, of header: JPEGBaselineHeader) {
            let component = header.components[c]
            stepX = header.maxHorizontal / (component.horizontal * component.reducedSize)
            stepY = header.maxVertical / (component.vertical * component.reducedSize)
            let end = c + 1 < planes.offsets.count ? planes.offsets[c + 1] : planes.samples.count
            samples = planes.samples[planes.offsets[c]..<end]
            width = planes.widths[c]
        }
    }

    /// libjpeg's YCbCr to RGB tables (jdcolor.c): 16-bit fixed point, rounded the same way.
    private struct YCbCrTable {
        let crToRed: [Int], cbToBlue: [Int], crToGreen: [Int], cbToGreen: [Int]

        static let shared = YCbCrTable()

        private init() {
            func fixed(_ x: Double) -> Int { Int(x * 65536 + 0.5) }
            let half = 1 << 15
            let centred = (0..<256).map { $0 - 128 }
            crToRed = centred.map { (fixed(1.40200) * $0 + half) >> 16 }
            cbToBlue = centred.map { (fixed(1.77200) * $0 + half) >> 16 }
            crToGreen = centred.map { -fixed(0.71414) * $0 }
            cbToGreen = centred.map { -fixed(0.34414) * $0 + half }
        }
    }
}
