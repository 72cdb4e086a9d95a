/// The adaptive palette of one image: its own colours if they fit in the registers, else Wu's
/// quantiser with each pixel given the register of the box its colour lies in (see
/// `SixelEncoder.quantizedRegisters` for the measurements behind both choices).
enum AdaptiveQuantizer {
    /// `image` with at most `colors` registers, of which a quantised palette uses at most
    /// `quantizedColors`, a quantised palette with `dither` (nil: each pixel gets its box's register).
    static func index(_ image: RGBImage, colors: Int, quantizedColors: Int,
                      dither: OrderedDither? = OrderedDither()) -> IndexedImage {
        let limit = max(2, min(256, colors))
        if let exact = ExactColors.index(image, limit: limit) { return exact }
        let count = image.width * image.height
        return image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            let wu = WuQuantizer(pixels: pixels, count: count, colors: min(limit, quantizedColors))
            let registers = wu.registers.map { SIMD4<Int32>(Int32($0.r), Int32($0.g), Int32($0.b), 0) }
            var meanSquaredError = 0.0
            var dithered: [UInt8]?
            let indices = wu.boxOfCell.withUnsafeBufferPointer { boxOfCell in
                registers.withUnsafeBufferPointer { registers in
                    meanSquaredError = sampledError(pixels, count: count, boxOfCell: boxOfCell, registers: registers)
                    dithered = dither?.dithered(pixels, width: image.width, count: count, boxOfCell: boxOfCell,
                                                boxSizes: wu.boxSizes)
                    return (dithered ?? image.pixels).withUnsafeBufferPointer { chosenFor in
                        [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
                            var p = chosenFor.baseAddress!
                            for i in 0..<count {
                                indices[i] = boxOfCell[WuQuantizer.cell(p[0], p[1], p[2])]
                                p += 3
                            }
                            initialized = count
                        }
                    }
                }
            }
            // Each register fewer adds back the error its split removed, the last split first.
            let removed = wu.errorRemoved
            var byRegisters = [Double](repeating: meanSquaredError, count: removed.count + 1)
            for k in removed.indices.reversed() { byRegisters[k] = byRegisters[k + 1] + removed[k] / Double(count) }
            return IndexedImage(width: image.width, height: image.height, registers: wu.registers, indices: indices,
                                meanSquaredError: meanSquaredError, meanSquaredErrorByRegisters: byRegisters,
                                ditheredPixels: dithered)
        }
    }

    /// The mean squared error of every 16th pixel against the register of its box.
    private static func sampledError(_ pixels: UnsafePointer<UInt8>, count: Int, boxOfCell: UnsafeBufferPointer<UInt8>,
                                     registers: UnsafeBufferPointer<SIMD4<Int32>>) -> Double {
        var total = 0, samples = 0
        for i in stride(from: 0, to: count, by: 16) {
            let p = pixels + 3 * i
            let pixel = SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), 0)
            total += Int(distance(pixel, registers[Int(boxOfCell[WuQuantizer.cell(p[0], p[1], p[2])])]))
            samples += 1
        }
        return Double(total) / Double(max(1, samples))
    }

    @inline(__always)
    private static func distance(_ pixel: SIMD4<Int32>, _ colour: SIMD4<Int32>) -> Int32 {
        let d = pixel &- colour
        return d[0] &* d[0] &+ d[1] &* d[1] &+ d[2] &* d[2]
    }
}
