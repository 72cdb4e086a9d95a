import Imaging

/// Bilinear resize, used to upscale pictures that are too costly to compute at full size.
/// Two separable passes in 8-bit fixed point: debug builds run integer loops far faster than
/// floating-point per-pixel code.
enum BilinearResampler {
    static func resample(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        let wide = horizontal(image.pixels, width: image.width, height: image.height, to: width)
        return RGBImage(width: width, height: height,
                        pixels: vertical(wide, rowBytes: width * 3, height: image.height, to: height))
    }

    /// Source position of output index `i` when scaling `from` samples to `to`: the lower
    /// neighbour, the upper one, and the upper one's weight in 0...256.
    private static func taps(_ i: Int, from: Int, to: Int) -> (Int, Int, Int) {
        let position = max(0, (Double(i) + 0.5) * Double(from) / Double(to) - 0.5)
        let lower = min(from - 1, Int(position))
        return (lower, min(from - 1, lower + 1), Int((position - Double(lower)) * 256))
    }

    private static func horizontal(_ pixels: [UInt8], width: Int, height: Int, to outWidth: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: outWidth * height * 3)
        // Per output byte: source byte offsets within a row and the right tap's weight.
        var lefts = [Int](), rights = [Int](), weights = [Int]()
        for x in 0..<outWidth {
            let (left, right, weight) = taps(x, from: width, to: outWidth)
            for c in 0..<3 {
                lefts.append(left * 3 + c); rights.append(right * 3 + c); weights.append(weight)
            }
        }
        let rowBytes = outWidth * 3
        pixels.withUnsafeBufferPointer { sourceBuffer in
            lefts.withUnsafeBufferPointer { leftsBuffer in
                rights.withUnsafeBufferPointer { rightsBuffer in
                    weights.withUnsafeBufferPointer { weightsBuffer in
                        out.withUnsafeMutableBufferPointer { outBuffer in
                            let lefts = leftsBuffer.baseAddress!, rights = rightsBuffer.baseAddress!
                            let weights = weightsBuffer.baseAddress!
                            var pixel = outBuffer.baseAddress!
                            for y in 0..<height {
                                let row = sourceBuffer.baseAddress! + y * width * 3
                                var i = 0
                                while i < rowBytes {
                                    let w = weights[i]
                                    pixel[i] = UInt8(truncatingIfNeeded:
                                        (Int(row[lefts[i]]) &* (256 &- w) &+ Int(row[rights[i]]) &* w) &>> 8)
                                    i &+= 1
                                }
                                pixel += rowBytes
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    private static func vertical(_ pixels: [UInt8], rowBytes: Int, height: Int, to outHeight: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rowBytes * outHeight)
        pixels.withUnsafeBufferPointer { sourceBuffer in
            out.withUnsafeMutableBufferPointer { outBuffer in
                var pixel = outBuffer.baseAddress!
                for y in 0..<outHeight {
                    let (upper, lower, w) = taps(y, from: height, to: outHeight)
                    let top = sourceBuffer.baseAddress! + upper * rowBytes
                    let bottom = sourceBuffer.baseAddress! + lower * rowBytes
                    var i = 0
                    while i < rowBytes {
                        pixel[i] = UInt8(truncatingIfNeeded: (Int(top[i]) &* (256 &- w) &+ Int(bottom[i]) &* w) &>> 8)
                        i &+= 1
                    }
                    pixel += rowBytes
                }
            }
        }
        return out
    }
}
