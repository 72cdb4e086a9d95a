/// Rate control: a quantised picture whose bands cost more than `bandBytesPerPixel` bytes a
/// pixel is quantised once more, to fewer registers, as few as should fit `aim` of the budget
/// but no fewer than keep its palette's error within `errorGrowth` of what it was. Every other
/// picture is written exactly as it would be without it.
///
/// Why: every scroll frame sends the pictures coming in, and over SSH their bytes are what the
/// user waits for. The pictures over the budget are busy textures (fractal borders, plasma)
/// whose smooth ramps are spread over so many registers that grain makes their bands change
/// colour nearly every pixel: one costs as much as three to five calm ones, so a row of them
/// costs more than a screen of others. Fewer registers take more of their bytes for the quality
/// they cost than harder pruning does, and the loss hides in their texture. The real photos we
/// measured fit the budget and are written as before. The measurements are in BENCHMARKS.md,
/// "Sixel rate control".
struct SixelBudget {
    /// The band bytes a quantised picture may cost per pixel: above what the real photos need
    /// at every size we draw them, below the busiest synthetic pictures.
    static let bandBytesPerPixel = 1.5
    /// How much the palette's mean squared error may grow for the budget: twice (3 dB).
    static let errorGrowth = 2.0
    /// The share of the budget the second quantisation aims at: a picture's bytes fall more
    /// slowly than the cube rule says when it has many registers, and aiming short of the budget
    /// makes one more quantisation enough (a second would cost as much time again).
    static let aim = 0.9

    var bandBytesPerPixel = Self.bandBytesPerPixel
    var errorGrowth = Self.errorGrowth
    var aim = Self.aim
    /// How a quantised palette is dithered (nil: not at all).
    var dither: OrderedDither? = OrderedDither()

    /// `image` encoded with at most `registers` registers, of which a quantised palette uses at
    /// most `quantizedRegisters`, or fewer to fit the budget; and how many of the bytes its bands take.
    func encode(_ image: RGBImage, registers: Int, quantizedRegisters: Int) -> (bytes: [UInt8], bandBytes: Int) {
        let indexed = AdaptiveQuantizer.index(image, colors: registers, quantizedColors: quantizedRegisters,
                                              dither: dither)
        let written = SixelEncoder.write(indexed, of: image)
        let budget = bandBytesPerPixel * Double(image.width * image.height)
        let errors = indexed.meanSquaredErrorByRegisters
        // An image in its own colours has no error to trade, and one within budget is left as it is.
        guard let error = errors.last, Double(written.bandBytes) > budget else { return written }
        let fewest = (errors.firstIndex { $0 <= errorGrowth * error } ?? errors.count - 1) + 1
        // A picture's band bytes grow about as the cube root of its register count.
        let shrink = aim * budget / Double(written.bandBytes)
        let count = max(fewest, Int(Double(errors.count) * shrink * shrink * shrink))
        guard count < errors.count else { return written }
        return SixelEncoder.write(AdaptiveQuantizer.index(image, colors: registers, quantizedColors: count, dither: dither),
                                  of: image)
    }
}
