/// Ordered dithering for a quantised palette: before a pixel is given the register of the Wu box
/// its colour lies in, its colour is moved by the 8x8 Bayer threshold at its position, scaled to
/// the size of its box along each channel (the spacing of the registers near that colour) and to
/// how smooth the image is there.
///
/// Why: a smooth gradient (a sky) that spans few registers otherwise shows as flat
/// bands with steps between them; the threshold pattern mixes neighbouring registers in the
/// proportion of the colour between them, which the eye averages. Where the image is busy (its
/// neighbouring pixels differ by `busy` levels or more) its own texture already mixes registers
/// and hides the steps, so the offset shrinks to nothing there: textured photos keep their PSNR. Ordered rather
/// than error diffusion: a pixel's register depends only on its own colour, position and
/// neighbours, so a picture encoded twice, or a row encoded again, gives the same bytes, and the
/// pattern does not crawl when a picture moves. Measurements: BENCHMARKS.md, "Sixel dithering".
struct OrderedDither {
    /// How much of a box's size the offsets span, in per cent: 100 spreads a colour between two
    /// registers over the whole pattern.
    var strength: Int32 = 100
    /// The largest box size (levels) an offset follows: a box in a sparse part of the colour cube
    /// can be far wider than the colours in it, and an offset that wide reaches registers that
    /// have nothing to do with the pixel. 16 rather than 32: a photo's sky lost its bands either
    /// way, and at 32 it lost 4.6 dB of PSNR instead of 1.8 (BENCHMARKS.md, "Sixel dithering").
    var largestSpacing: Int32 = 16
    /// The difference between neighbouring pixels (levels, the largest channel's) from which
    /// the image is busy enough to hide the palette's steps itself: the offset falls from all of
    /// it at 1 level to none at this many, or at a quarter of the box's size if that is more.
    static let busy: Int32 = 4

    /// The 8x8 Bayer matrix: thresholds 0...63 in an order that spreads each level evenly.
    private static let bayer: [Int32] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// The `count` pixels of a `width`-wide image at `pixels`, each moved by its offset (RGB, rows
    /// top to bottom): what the registers are then chosen for, and what pruning measures against.
    func dithered(_ pixels: UnsafePointer<UInt8>, width: Int, count: Int, boxOfCell: UnsafeBufferPointer<UInt8>,
                  boxSizes: [SIMD4<Int32>]) -> [UInt8] {
        let height = count / max(1, width)
        let sizes = boxSizes.map { pointwiseMin($0, SIMD4(repeating: largestSpacing)) }
        return [UInt8](unsafeUninitializedCapacity: 3 * count) { out, initialized in
            sizes.withUnsafeBufferPointer { sizes in
                Self.bayer.withUnsafeBufferPointer { bayer in
                    for y in 0..<height {
                        let row = pixels + 3 * y * width
                        // The neighbours a pixel is compared with: right and below, or left and
                        // above at the last column and row (itself in an image one pixel wide or high).
                        let vertical = height == 1 ? 0 : y + 1 < height ? 3 * width : -3 * width
                        for x in 0..<width {
                            let p = row + 3 * x
                            let horizontal = width == 1 ? 0 : x + 1 < width ? 3 : -3
                            let size = sizes[Int(boxOfCell[WuQuantizer.cell(p[0], p[1], p[2])])]
                            let right = p + horizontal, below = p + vertical
                            var activity: Int32 = 0
                            for c in 0..<3 {
                                let own = Int32(p[c])
                                activity = max(activity, abs(own - Int32(right[c])), abs(own - Int32(below[c])))
                            }
                            // All of the offset where neighbours differ by a level or less (a ramp, a
                            // sky), none from `busy` levels on (texture, which mixes registers itself);
                            // where registers are far apart (a colour wheel), a steeper ramp still bands.
                            let busy = max(Self.busy, max(size[0], max(size[1], size[2])) / 4)
                            let smooth = max(0, min(busy - 1, busy - activity))
                            let o = 3 * (y * width + x)
                            let threshold = 2 * bayer[(y & 7) * 8 + (x & 7)] - 63
                            // The fraction of each channel's box size to move by (-1/2 to 1/2 at full strength).
                            let scale = Float(threshold * smooth * strength) / Float(128 * (busy - 1) * 100)
                            for c in 0..<3 {
                                out[o + c] = UInt8(max(0, min(255, Int32(p[c]) + Int32(Float(size[c]) * scale))))
                            }
                        }
                    }
                }
            }
            initialized = 3 * count
        }
    }
}
