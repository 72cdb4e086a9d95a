import TerminalVocabulary

extension RGBImage {
    /// This picture turned upright, for pixels stored as `orientation` says: a copy turned and
    /// mirrored pixel for pixel, with its partial first or last column and row (see
    /// `lastColumnEighths`) moved to where they end up.
    public func oriented(_ orientation: ImageOrientation) -> RGBImage {
        guard orientation != .up, !isEmpty else { return self }
        let upright = orientation.upright(PixelSize(width: width, height: height))
        let (outW, outH) = (upright.width, upright.height)
        // The stored position is linear in the upright one: a start and a step along each axis.
        func index(_ x: Int, _ y: Int) -> Int {
            let stored = orientation.storedPosition(x: x, y: y, width: width, height: height)
            return (stored.y * width + stored.x) * 3
        }
        let start = index(0, 0), stepX = index(1, 0) - start, stepY = index(0, 1) - start
        let pixels = [UInt8](unsafeUninitializedCapacity: outW * outH * 3) { out, initialized in
            self.pixels.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress, var o = out.baseAddress else { return }
                for y in 0..<outH {
                    var i = start + y * stepY
                    for _ in 0..<outW {
                        o[0] = source[i]; o[1] = source[i + 1]; o[2] = source[i + 2]
                        o += 3
                        i += stepX
                    }
                }
            }
            initialized = outW * outH * 3
        }
        var turned = RGBImage(width: outW, height: outH, pixels: pixels)
        turned.isTruncated = isTruncated
        turned.decoderWarning = decoderWarning
        (turned.firstColumnEighths, turned.lastColumnEighths, turned.firstRowEighths, turned.lastRowEighths)
            = edgeEighths(after: orientation)
        return turned
    }

    /// The upright picture's (first column, last column, first row, last row) eighths: which
    /// stored edge each upright edge shows.
    private func edgeEighths(after orientation: ImageOrientation) -> (Int, Int, Int, Int) {
        let columns = (firstColumnEighths, lastColumnEighths), rows = (firstRowEighths, lastRowEighths)
        switch orientation {
        case .up: return (columns.0, columns.1, rows.0, rows.1)
        case .mirrored: return (columns.1, columns.0, rows.0, rows.1)
        case .upsideDown: return (columns.1, columns.0, rows.1, rows.0)
        case .upsideDownMirrored: return (columns.0, columns.1, rows.1, rows.0)
        case .transposed: return (rows.0, rows.1, columns.0, columns.1)
        case .rotatedRight: return (rows.1, rows.0, columns.0, columns.1)
        case .transverse: return (rows.1, rows.0, columns.1, columns.0)
        case .rotatedLeft: return (rows.0, rows.1, columns.1, columns.0)
        }
    }
}
