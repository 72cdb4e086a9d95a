/// Decodes a baseline JPEG at 1/8 scale straight from its DC coefficients.
///
/// At 1/8 scale every 8x8 block becomes one pixel, its mean, which is the block's DC coefficient:
/// the 63 AC coefficients only have to be stepped over. libjpeg-turbo's 1/8 decode does the same
/// arithmetic but still runs its full per-block machinery (zeroing each block, storing every AC
/// value, a 1x1 IDCT call per block, per-row buffering), and for a 4000 px photo that machinery,
/// not the file, is most of the time. Here each AC code costs one table lookup that also says how
/// many value bits follow, and usually steps over several codes at once (`JPEGHuffmanTable.acRuns`);
/// the bit buffer takes eight bytes at a time wherever no stuffing or marker is among them
/// (`JPEGBlockReader`).
///
/// The output is libjpeg-turbo's own 1/8 output, bit for bit: the same rounding of the DC mean;
/// chroma subsampled both ways made, as libjpeg-turbo makes it, by a 2x2 IDCT of its blocks (their
/// lowest AC values are read for that) and other ratios replicated; the same fixed-point YCbCr
/// to RGB conversion. Tests hold it to that on real photos and on files with restart markers.
///
/// Anything unusual (progressive, arithmetic, several scans, Adobe/RGB colour, a damaged or
/// truncated stream, restart markers other than the interval calls for, data left over, values
/// no real picture has) gives nil, and the caller decodes with libjpeg-turbo, which shows what it
/// shows of the file or reports errors in its own words: this decoder only ever answers where its
/// answer is libjpeg-turbo's.
///
/// Its own target, fenced: this is the one hand-written decoder of untrusted bytes, with unsafe
/// pointers and a second thread, and `decode` is all it offers. `make fuzz` runs it under ASan.
public enum JPEGEighthDecoder {
    /// A decoded picture: `width` x `height` pixels of 8-bit RGB, rows packed.
    public struct Pixels: Equatable, Sendable {
        public let width: Int
        public let height: Int
        public let rgb: [UInt8]
    }

    /// `ceil(width / 8)` x `ceil(height / 8)` pixels, or nil when this decoder does not handle the
    /// file (see the type's comment).
    /// - Parameter parallel: let a large scan be read on two threads (see `JPEGDCScan`).
    public static func decode(_ data: UnsafeBufferPointer<UInt8>, parallel: Bool = true) -> Pixels? {
        decode(data, parallel: parallel, parallelFrom: JPEGDCScan.parallelBlocks)
    }

    /// `decode(_:parallel:)` with the knobs tests and the fuzzer turn: see `JPEGDCScan.decode`.
    static func decode(_ data: UnsafeBufferPointer<UInt8>, parallel: Bool, parallelFrom: Int,
                       report: (JPEGDCScan.Outcome) -> Void = { _ in }) -> Pixels? {
        guard let header = JPEGBaselineHeader(data) else { return nil }
        guard let stream = EntropyStream(data, from: header.scanStart) else { return nil }
        guard let planes = JPEGDCScan.decode(header, stream, parallel: parallel, parallelFrom: parallelFrom,
                                             report: report) else { return nil }
        return convert(planes, header)
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
    private static func convert(_ planes: Planes, _ header: JPEGBaselineHeader) -> Pixels {
        let width = (header.width + 7) / 8, height = (header.height + 7) / 8
        let channels = header.components.indices.map { Channel(planes, component: $0, of: header) }
        // Per component: the sample index of output row y, and of output column x within a row.
        let rows = channels.map { channel in (0..<height).map { channel.samples.startIndex + $0 / channel.stepY * channel.width } }
        let columns = channels.map { channel in (0..<width).map { $0 / channel.stepX } }
        let table = YCbCrTable.shared
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, initialized in
            initialized = out.count
            planes.samples.withUnsafeBufferPointer { samples in
            table.entries.withUnsafeBufferPointer { entries in
                guard var o = out.baseAddress, let samples = samples.baseAddress, let t = entries.baseAddress else { return }
                let gray = channels.count == 1
                for y in 0..<height {
                    let luma = samples + rows[0][y], cbRow = samples + rows[gray ? 0 : 1][y]
                    let crRow = samples + rows[gray ? 0 : 2][y]
                    let lumaColumns = columns[0], cbColumns = columns[gray ? 0 : 1], crColumns = columns[gray ? 0 : 2]
                    for x in 0..<width {
                        let v = Int(luma[lumaColumns[x]])
                        if gray {
                            o[0] = UInt8(v); o[1] = UInt8(v); o[2] = UInt8(v)
                        } else {
                            let cb = Int(cbRow[cbColumns[x]]), cr = Int(crRow[crColumns[x]])
                            o[0] = UInt8(clamping: v &+ Int(t[cr]))
                            o[1] = UInt8(clamping: v &+ Int((t[512 &+ cb] &+ t[768 &+ cr]) &>> 16))
                            o[2] = UInt8(clamping: v &+ Int(t[256 &+ cb]))
                        }
                        o += 3
                    }
                }
            }}
        }
        return Pixels(width: width, height: height, rgb: pixels)
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
        /// Cr to red, Cb to blue, Cb to green, Cr to green (the last two still scaled by 2^16), 256 each.
        let entries: [Int32]

        static let shared = YCbCrTable()

        private init() {
            func fixed(_ x: Double) -> Int { Int(x * 65536 + 0.5) }
            let half = 1 << 15
            let centred = (0..<256).map { $0 - 128 }
            let crToRed = centred.map { (fixed(1.40200) * $0 + half) >> 16 }
            let cbToBlue = centred.map { (fixed(1.77200) * $0 + half) >> 16 }
            let cbToGreen = centred.map { -fixed(0.34414) * $0 + half }
            let crToGreen = centred.map { -fixed(0.71414) * $0 }
            entries = (crToRed + cbToBlue + cbToGreen + crToGreen).map { Int32($0) }
        }
    }
}
