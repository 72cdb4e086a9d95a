/// One JPEG Huffman table (a DHT segment's BITS and HUFFVAL), ready for the fast lookups the
/// eighth-scale decoder makes.
struct JPEGHuffmanTable {
    /// Codes up to this many bits are resolved by one lookup of the next `lookupBits` bits.
    static let lookupBits = 10

    /// For each value of the next `lookupBits` bits: `length << 8 | symbol` of the code they start
    /// with, or 0 when that code is longer (then `decodeLong` resolves it).
    let lookup: [UInt16]
    /// Codes that `acRuns` chains are looked up in this many bits.
    static let runLookupBits = 12

    /// For each value of the next `runLookupBits` bits, the AC codes they hold one after another,
    /// stepped over at once: `bits used << 8 | end of block << 7 | coefficients advanced`, where a
    /// code for a run of r zeros and a value advances r + 1 and ZRL 16; the end-of-block code stops
    /// the chain (its own advance is not counted). The value bits of the last code may run past
    /// the lookup bits: an AC value is never needed at eighth scale, only how many bits it takes,
    /// which the code alone says. 0 when the first code is longer than `runLookupBits`.
    ///
    /// Made on each use (4096 entries, cheap beside a scan: BENCHMARKS.md): only AC tables need
    /// it, once per scan.
    var acRuns: [UInt16] { Self.chains(lookup) }
    /// Canonical decoding of codes longer than `lookupBits`: the largest code of each length
    /// (-1 when none), and where that length's symbols start in `values`, offset by its first code.
    private let maxCode: [Int32]
    private let valueOffset: [Int32]
    private let values: [UInt8]

    /// Builds the table from a DHT segment's 16 code counts and its symbols; nil when the counts
    /// do not make a valid prefix code (more codes of a length than fit).
    init?(counts: [UInt8], symbols: [UInt8]) {
        guard counts.count == 16, symbols.count == counts.reduce(0, { $0 + Int($1) }) else { return nil }
        var lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        var maxCode = [Int32](repeating: -1, count: 17)
        var valueOffset = [Int32](repeating: 0, count: 17)
        var code = 0, index = 0
        for length in 1...16 {
            let count = Int(counts[length - 1])
            valueOffset[length] = Int32(index - code)
            for _ in 0..<count {
                guard code < 1 << length else { return nil }
                let symbol = symbols[index]
                if length <= Self.lookupBits {
                    let spread = Self.lookupBits - length
                    let first = code << spread
                    let entry = UInt16(length << 8) | UInt16(symbol)
                    for fill in first..<(first + (1 << spread)) { lookup[fill] = entry }
                }
                code += 1
                index += 1
            }
            if count > 0 { maxCode[length] = Int32(code - 1) }
            // The next code must still fit: no code is all ones, or libjpeg-turbo calls the table bogus.
            guard code < 1 << length else { return nil }
            code <<= 1
        }
        self.lookup = lookup
        self.maxCode = maxCode
        self.valueOffset = valueOffset
        self.values = symbols
    }

    /// The bits an AC code takes with its value bits, and how far it moves along the block:
    /// r + 1 for a run of r zeros and a value, 16 for ZRL, 64 (past any block's end) for the
    /// end-of-block code and, as libjpeg reads them, the other codes with no value bits.
    static func acStep(length: Int, symbol: UInt8) -> (bits: Int, advance: Int) {
        let run = Int(symbol >> 4), size = Int(symbol & 15)
        return (length + size, size != 0 ? run + 1 : (run == 15 ? 16 : 64))
    }

    /// `acRuns` from the single-code lookup.
    private static func chains(_ lookup: [UInt16]) -> [UInt16] {
        (0..<(1 << runLookupBits)).map { pattern -> UInt16 in
            let chain = acSteps(lookup, pattern, window: runLookupBits, from: 0, room: 64)
            return chain.used == 0 ? 0 : UInt16(chain.used << 8 | (chain.endOfBlock ? 0x80 : 0) | chain.advance)
        }
    }

    /// The AC codes in the `window` bits of `pattern` from bit `start` on, stepped over while each
    /// lies whole inside the window (the bits after it read as zeros, which a code that fits never
    /// depends on; its value bits may run past) and moves at most `room` coefficients in all:
    /// the bits they use from `start`'s, the coefficients they advance, and whether the last was
    /// the end-of-block code (its bits used, its advance not counted).
    private static func acSteps(_ lookup: [UInt16], _ pattern: Int, window: Int, from start: Int,
                                room: Int) -> (used: Int, advance: Int, endOfBlock: Bool) {
        let shift = window - lookupBits, mask = (1 << window) - 1
        var used = start, advance = 0
        while used < window && advance < room {
            let entry = lookup[((pattern << used) & mask) >> shift]
            let length = Int(entry >> 8)
            guard entry != 0, used + length <= window else { break }
            let step = acStep(length: length, symbol: UInt8(entry & 0xFF))
            if step.advance == 64 { return (used + step.bits, advance, true) }
            guard advance + step.advance <= room else { break }
            used += step.bits
            advance += step.advance
        }
        return (used, advance, false)
    }

    /// Blocks whose start is looked up at once in this many bits (`blockStarts`).
    static let blockStartBits = 12

    /// For each value of the next `blockStartBits` bits at a block's start: the block's DC code
    /// with its value bits, then the AC codes after it as `acRuns` chains them, stepped over at
    /// once. `dc code length << 16 | dc size << 20 | bits used << 8 | block ended << 7 |
    /// coefficients advanced`, where a block ends with its end-of-block code or with its 63rd
    /// coefficient; 0 when the DC code and its value do not fit in the bits (or its size is no
    /// DC size). Most blocks of a picture's colour components are read whole by one lookup.
    static func blockStarts(dc: JPEGHuffmanTable, ac: JPEGHuffmanTable) -> [UInt32] {
        let window = blockStartBits
        return (0..<(1 << window)).map { pattern -> UInt32 in
            let dcEntry = Int(dc.lookup[pattern >> (window - lookupBits)])
            let dcLength = dcEntry >> 8, dcSize = dcEntry & 0xFF
            guard dcEntry != 0, dcSize <= 11, dcLength + dcSize <= window else { return 0 }
            // The block's AC begins at its first coefficient: 63 are left.
            let ac = acSteps(ac.lookup, pattern, window: window, from: dcLength + dcSize, room: 63)
            let ended = ac.endOfBlock || ac.advance == 63
            return UInt32(dcLength << 16 | dcSize << 20 | ac.used << 8 | (ended ? 0x80 : 0) | ac.advance)
        }
    }

    /// The length and symbol of a code longer than `lookupBits` at the top of `bits` (the next
    /// 16 bits of the stream, left-aligned in the word); nil for a bit pattern that is no code.
    func decodeLong(_ bits: UInt64) -> (length: Int, symbol: UInt8)? {
        var length = Self.lookupBits + 1
        while length <= 16 {
            let code = Int32(truncatingIfNeeded: bits >> UInt64(64 - length))
            if code <= maxCode[length] {
                let index = Int(code + valueOffset[length])
                return index < values.count ? (length, values[index]) : nil
            }
            length += 1
        }
        return nil
    }
}
