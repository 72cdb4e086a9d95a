/// The markers of a baseline JPEG up to its scan, as far as the eighth-scale decoder needs them.
/// Anything it does not handle (progressive or arithmetic coding, 12-bit samples, several scans,
/// CMYK or Adobe RGB) makes `init` return nil, and libjpeg-turbo decodes the file instead.
struct JPEGBaselineHeader {
    struct Component {
        let id: UInt8
        let horizontal: Int
        let vertical: Int
        /// This component's quantisation table slot until the scan, then the table itself, in
        /// natural (row-major) order.
        var quantizerSlot = 0
        var quantizers: [Int] = []
        var dcTable = 0
        var acTable = 0
        /// How many pixels a side each block of this component becomes at 1/8 scale: 1, or 2 for
        /// chroma subsampled both ways, which libjpeg-turbo makes with a 2x2 IDCT rather than
        /// enlarging one pixel afterwards (see `JPEGBlockReader.lowFrequencyTerms`).
        var reducedSize = 1
    }

    /// Zigzag position to natural (row-major) position in an 8x8 block.
    static let naturalOrder: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    let width: Int
    let height: Int
    /// In scan order (the scan must name every frame component, in frame order).
    var components: [Component]
    /// MCUs between restart markers; 0 without restarts.
    let restartInterval: Int
    /// Tables by class (0 DC, 1 AC) and slot (0...3), as defined before the scan.
    let dcTables: [JPEGHuffmanTable?]
    let acTables: [JPEGHuffmanTable?]
    /// Offset of the first entropy-coded byte, just after the SOS segment.
    let scanStart: Int

    var maxHorizontal: Int { components.map(\.horizontal).max() ?? 1 }
    var maxVertical: Int { components.map(\.vertical).max() ?? 1 }

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var quantizers = [[Int]?](repeating: nil, count: 4)
        var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var frame: (width: Int, height: Int, components: [Component])?
        var restartInterval = 0
        var i = 2
        while true {
            // Markers may be preceded by any number of 0xFF fill bytes.
            guard i + 1 < data.count, data[i] == 0xFF else { return nil }
            while i + 1 < data.count, data[i + 1] == 0xFF { i += 1 }
            guard i + 3 < data.count else { return nil }
            let marker = data[i + 1]
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            let body = i + 4, end = i + 2 + length
            guard length >= 2, end <= data.count else { return nil }
            switch marker {
            case 0xC0, 0xC1:  // baseline, extended sequential Huffman
                guard frame == nil, length >= 8, data[body] == 8 else { return nil }
                let height = Int(data[body + 1]) << 8 | Int(data[body + 2])
                let width = Int(data[body + 3]) << 8 | Int(data[body + 4])
                let count = Int(data[body + 5])
                guard width > 0, height > 0, count == 1 || count == 3, length == 8 + 3 * count else { return nil }
                var components: [Component] = []
                for c in 0..<count {
                    let at = body + 6 + 3 * c
                    let h = Int(data[at + 1] >> 4), v = Int(data[at + 1] & 15), tq = Int(data[at + 2])
                    guard (1...4).contains(h), (1...4).contains(v), tq < 4 else { return nil }
                    var component = Component(id: data[at], horizontal: h, vertical: v)
                    component.quantizerSlot = tq
                    components.append(component)
                }
                // libjpeg-turbo reads three components named R, G, B as RGB, not YCbCr.
                if count == 3 && components.map(\.id) == [0x52, 0x47, 0x42] { return nil }
                frame = (width, height, components)
            case 0xC2...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                return nil  // progressive, lossless, hierarchical or arithmetic
            case 0xC4:
                var at = body
                while at < end {
                    guard at + 17 <= end else { return nil }
                    let tableClass = Int(data[at] >> 4), slot = Int(data[at] & 15)
                    guard tableClass < 2, slot < 4 else { return nil }
                    let counts = Array(data[(at + 1)..<(at + 17)])
                    let total = counts.reduce(0) { $0 + Int($1) }
                    guard at + 17 + total <= end else { return nil }
                    let symbols = Array(data[(at + 17)..<(at + 17 + total)])
                    // libjpeg-turbo refuses a DC table with a symbol above 15, used or not.
                    guard tableClass == 1 || symbols.allSatisfy({ $0 <= 15 }),
                          let table = JPEGHuffmanTable(counts: counts, symbols: symbols) else { return nil }
                    if tableClass == 0 { dcTables[slot] = table } else { acTables[slot] = table }
                    at += 17 + total
                }
            case 0xDB:
                var at = body
                while at < end {
                    let precision = Int(data[at] >> 4), slot = Int(data[at] & 15)
                    guard slot < 4, precision < 2, at + 1 + 64 * (precision + 1) <= end else { return nil }
                    var table = [Int](repeating: 0, count: 64)
                    for k in 0..<64 {
                        table[Self.naturalOrder[k]] = precision == 0
                            ? Int(data[at + 1 + k]) : Int(data[at + 1 + 2 * k]) << 8 | Int(data[at + 2 + 2 * k])
                    }
                    // libjpeg-turbo keeps the IDCT's quantisers in 16-bit signed integers, so a
                    // larger 16-bit value is not the number it uses.
                    guard table.allSatisfy({ $0 <= Int(Int16.max) }) else { return nil }
                    quantizers[slot] = table
                    at += 1 + 64 * (precision + 1)
                }
            case 0xDD:
                guard length == 4 else { return nil }
                restartInterval = Int(data[body]) << 8 | Int(data[body + 1])
            case 0xEE:
                return nil  // Adobe: its colour transform flag may mean RGB or YCCK
            case 0xDA:
                guard let frame else { return nil }
                var components = frame.components
                let count = Int(data[body])
                guard count == components.count, length == 6 + 2 * count else { return nil }
                for c in 0..<count {
                    let at = body + 1 + 2 * c
                    guard data[at] == components[c].id,
                          let table = quantizers[components[c].quantizerSlot] else { return nil }
                    let dc = Int(data[at + 1] >> 4), ac = Int(data[at + 1] & 15)
                    guard dc < 4, ac < 4, dcTables[dc] != nil, acTables[ac] != nil else { return nil }
                    components[c].quantizers = table
                    components[c].dcTable = dc
                    components[c].acTable = ac
                }
                // Spectral selection 0...63 and no successive approximation: a sequential scan.
                guard data[end - 3] == 0, data[end - 2] == 63, data[end - 1] == 0 else { return nil }
                if count == 1 {
                    // A lone component is coded block by block whatever its sampling factors say.
                    components[0] = Component(id: components[0].id, horizontal: 1, vertical: 1,
                                              quantizers: components[0].quantizers,
                                              dcTable: components[0].dcTable, acTable: components[0].acTable)
                }
                let maxH = components.map(\.horizontal).max()!, maxV = components.map(\.vertical).max()!
                // Only whole-number chroma ratios (libjpeg-turbo replicates pixels for those).
                guard components.allSatisfy({ maxH % $0.horizontal == 0 && maxV % $0.vertical == 0 }),
                      components.reduce(0, { $0 + $1.horizontal * $1.vertical }) <= 10 else { return nil }
                for c in components.indices {
                    // libjpeg-turbo's choice (jdmaster.c): double the IDCT size while both ratios
                    // still divide by it. Sizes above 2 (4:1:0 and the like) are left to it.
                    var size = 1
                    while size < 8 && maxH % (components[c].horizontal * size * 2) == 0
                            && maxV % (components[c].vertical * size * 2) == 0 { size *= 2 }
                    guard size <= 2 else { return nil }
                    components[c].reducedSize = size
                }
                (self.width, self.height) = (frame.width, frame.height)
                self.components = components
                self.restartInterval = restartInterval
                self.dcTables = dcTables
                self.acTables = acTables
                self.scanStart = end
                return
            case 0xD8, 0xD9, 0xD0...0xD7, 0x01:
                return nil  // no parameters: nothing of these belongs before the scan
            default:
                break  // APPn, COM and the like
            }
            i = end
        }
    }
}
