/// Writes an indexed image as one sixel DCS sequence with 7-bit controls:
///
///     ESC P q  "1;1;W;H  #r;2;R;G;B …  band - band - … band  ESC \
///
/// Every register some band selects is defined once, up front (`R;G;B` in percent), in register
/// order; unused ones are not (registers are numbered busiest first, so the registers selected
/// most often take the fewest digits). A band is 6 pixel rows; the last may be partial. In a
/// band each colour is one stretch of sixel characters from the first to the last column it
/// paints, in runs (`SixelBand.writeRuns`; repeats of 4 or more as `!n`). Colours are taken in
/// the order they first appear when the band is read column by column, top to bottom, and each
/// is put on the line (pass over the band, `$` between passes) that ends nearest before its first
/// column, else on a new line: so colours that paint disjoint column ranges share one pass, with
/// the shortest gaps between them.
enum SixelWriter {
    /// `image` as sixel bytes; with `pruning`, short stretches of colour that cost more bytes
    /// than the error of doing without them is worth are given to their neighbours
    /// (`SixelPruning`): `original` holds the pixels `image` was made from, and `errorPerByte`
    /// the squared error (summed over r, g, b) a byte saved is worth.
    static func write(_ image: IndexedImage, pruning: (original: RGBImage, errorPerByte: Int)? = nil) -> [UInt8] {
        written(image, pruning: pruning).bytes
    }

    /// `write`'s bytes, and how many of them the bands take (all but the header and its register
    /// definitions, and the final `ESC \`): what the pixels cost.
    static func written(_ image: IndexedImage, pruning: (original: RGBImage, errorPerByte: Int)? = nil)
        -> (bytes: [UInt8], bandBytes: Int) {
        let width = image.width, height = image.height
        var body = ByteBuffer(capacity: width * height + 4096)
        // Which registers the bands select: pruning may leave one without a pixel.
        var selected = [Bool](repeating: false, count: 256)
        image.indices.withUnsafeBufferPointer { indices in
            let band = SixelBand(width: width)
            defer { band.deallocate() }
            let pixels = pruning.map { $0.original.pixels } ?? []
            pixels.withUnsafeBufferPointer { pixels in
                image.registers.withUnsafeBufferPointer { registers in
                    selected.withUnsafeMutableBufferPointer { selected in
                        let prune = pruning.map {
                            SixelPruning(pixels: pixels.baseAddress!, registers: registers.baseAddress!,
                                         errorPerByte: Int32(clamping: min($0.errorPerByte, 1 << 24)))
                        }
                        for top in stride(from: 0, to: height, by: 6) {
                            band.write(indices.baseAddress!, top: top, rows: min(6, height - top), pruning: prune,
                                       selecting: selected.baseAddress!, into: &body)
                        }
                    }
                }
            }
        }
        let bandBytes = body.count
        body.write(reserving: 2) { $0.append("\u{1B}\\") }
        // `ESC P q "1;1;W;H`, then per register `#nnn;2;100;100;100`.
        var header = ByteBuffer(capacity: 64 + 256 * 20)
        header.write(reserving: 64 + 256 * 20) { out in
            out.append("\u{1B}Pq\"1;1;")
            out.append(decimal: width)
            out.append(";")
            out.append(decimal: height)
            for (number, colour) in image.registers.enumerated() where selected[number] {
                out.append("#")
                out.append(decimal: number)
                out.append(";2;")
                out.append(decimal: percent(colour.r))
                out.append(";")
                out.append(decimal: percent(colour.g))
                out.append(";")
                out.append(decimal: percent(colour.b))
            }
        }
        return (body.bytes(after: header), bandBytes)
    }

    /// A channel in sixel's 0...100 scale, rounded.
    static func percent(_ channel: UInt8) -> Int { (Int(channel) * 100 + 127) / 255 }
}
