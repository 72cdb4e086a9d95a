/// An image reduced to at most 256 colour registers: what `SixelWriter` turns into bytes.
struct IndexedImage {
    let width: Int
    let height: Int
    /// The registers' colours: register `i` is `registers[i]`. Registers no pixel uses are allowed
    /// (the writer does not define them).
    var registers: [RGB]
    /// The register of each pixel, rows top to bottom; `width * height` entries.
    var indices: [UInt8]
    /// The mean over pixels of the squared distance (r, g and b summed) between a pixel and its
    /// register: 0 for an image kept in its own colours.
    var meanSquaredError = 0.0
    /// For a quantised palette, the mean squared error a palette of `k` registers would have,
    /// at `k - 1` (Wu's palettes with fewer registers, `WuQuantizer.errorRemoved`): what
    /// `SixelBudget` weighs before quantising to fewer. Empty for an image in its own colours.
    var meanSquaredErrorByRegisters: [Double] = []
    /// For a dithered palette, the image's pixels moved by the dither's offsets (`OrderedDither`):
    /// the colours the indices were chosen for, which pruning measures against so that it does
    /// not take the dither back out. Nil when the indices are the image's own colours' registers.
    var ditheredPixels: [UInt8]?
}
