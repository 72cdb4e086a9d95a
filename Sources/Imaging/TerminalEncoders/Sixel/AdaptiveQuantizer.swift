/// The adaptive palette of one image: its own colours if they fit in the registers, else Wu's
/// quantiser with each pixel given the register of the box its colour lies in (see
/// `SixelEncoder.quantizedRegisters` for the measurements behind both choices).
enum AdaptiveQuantizer {
    /// `image` with at most `colors` registers, of which a quantised palette uses at most
    /// `quantizedColors`.
    static func index(_ image: RGBImage, colors: Int, quantizedColors: Int) -> IndexedImage {
        let limit = max(2, min(256, colors))
        if let exact = ExactColors.index(image, limit: limit) { return exact }
        let count = image.width * image.height
        return image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            let wu = WuQuantizer(pixels: pixels, count: count, colors: min(limit, quantizedColors))
            let indices = wu.boxOfCell.withUnsafeBufferPointer { boxOfCell in
                [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
                    var p = pixels
                    for i in 0..<count {
                        indices[i] = boxOfCell[WuQuantizer.cell(p[0], p[1], p[2])]
                        p += 3
                    }
                    initialized = count
                }
            }
            return IndexedImage(width: image.width, height: image.height, registers: wu.registers, indices: indices)
        }
    }
}
