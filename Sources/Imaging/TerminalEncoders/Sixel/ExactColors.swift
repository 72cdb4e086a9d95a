/// An image's own colours as registers, when it has no more than fit: then the sixel is exact
/// (up to sixel's 1% steps) instead of quantised. Registers are numbered in the order the colours
/// first appear, rows top to bottom.
enum ExactColors {
    /// Hash slots: a power of two, at least 4 times the 256 colours the table may hold, so probe
    /// sequences stay short.
    private static let slots = 1024
    private static let empty = UInt32.max

    /// `image` indexed by its own colours, or nil if it has more than `limit` of them (found out
    /// after a few hundred pixels for a photo).
    static func index(_ image: RGBImage, limit: Int) -> IndexedImage? {
        var keys = [UInt32](repeating: empty, count: slots)
        var values = [UInt8](repeating: 0, count: slots)
        var registers: [RGB] = []
        registers.reserveCapacity(limit)
        let count = image.width * image.height
        var complete = false
        // Uninitialised: a photo gives up after a few hundred pixels, and then nothing is read.
        let indices = [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                var previous = empty, previousIndex: UInt8 = 0
                for i in 0..<count {
                    let r = pixels[3 * i], g = pixels[3 * i + 1], b = pixels[3 * i + 2]
                    let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                    if key != previous {
                        var slot = Int((key &* 0x9E37_79B1) >> 22)
                        while keys[slot] != key && keys[slot] != empty { slot = (slot + 1) & (slots - 1) }
                        if keys[slot] == empty {
                            guard registers.count < limit else { return }
                            keys[slot] = key
                            values[slot] = UInt8(registers.count)
                            registers.append(RGB(r, g, b))
                        }
                        previous = key
                        previousIndex = values[slot]
                    }
                    indices[i] = previousIndex
                }
                complete = true
            }
            initialized = complete ? count : 0
        }
        guard complete else { return nil }
        return IndexedImage(width: image.width, height: image.height, registers: registers, indices: indices)
    }
}
