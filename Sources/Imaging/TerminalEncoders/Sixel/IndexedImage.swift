/// An image reduced to at most 256 colour registers: what `SixelWriter` turns into bytes.
struct IndexedImage {
    let width: Int
    let height: Int
    /// The registers' colours: register `i` is `registers[i]`. Registers no pixel uses are allowed
    /// (the writer does not define them).
    var registers: [RGB]
    /// The register of each pixel, rows top to bottom; `width * height` entries.
    var indices: [UInt8]
}
