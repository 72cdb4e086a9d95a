/// The Huffman lookups of one scan, per component in scan order, laid out for `JPEGBlockReader`.
final class JPEGScanTables: @unchecked Sendable {
    /// Per component, side by side: its DC lookup, its AC lookup, its AC chains.
    let lookups: UnsafeMutablePointer<UInt16>
    let stride: Int
    /// Per component, its block starts (`JPEGHuffmanTable.blockStarts`): at
    /// `blockStarts + blockStartOffsets[c]`, once for each pair of tables.
    let blockStarts: UnsafeMutablePointer<UInt32>
    let blockStartOffsets: UnsafeMutablePointer<Int>
    /// For the codes longer than the lookups.
    let dc: [JPEGHuffmanTable]
    let ac: [JPEGHuffmanTable]

    init(_ header: JPEGBaselineHeader) {
        let dc = header.components.map { header.dcTables[$0.dcTable]! }
        let ac = header.components.map { header.acTables[$0.acTable]! }
        // Components often share an AC table: its chains are made once.
        var chains: [Int: [UInt16]] = [:]
        for component in header.components where chains[component.acTable] == nil {
            chains[component.acTable] = header.acTables[component.acTable]!.acRuns
        }
        let all = header.components.indices.flatMap {
            dc[$0].lookup + ac[$0].lookup + chains[header.components[$0].acTable]!
        }
        self.dc = dc
        self.ac = ac
        stride = all.count / max(1, header.components.count)
        lookups = .allocate(capacity: all.count)
        lookups.initialize(from: all, count: all.count)
        // The colour components usually share both tables: one copy keeps it in the cache.
        var starts: [UInt32] = [], offsets: [Int] = [], made: [[Int]: Int] = [:]
        for component in header.components {
            let pair = [component.dcTable, component.acTable]
            if made[pair] == nil {
                made[pair] = starts.count
                starts += JPEGHuffmanTable.blockStarts(dc: header.dcTables[pair[0]]!, ac: header.acTables[pair[1]]!)
            }
            offsets.append(made[pair]!)
        }
        blockStarts = .allocate(capacity: starts.count)
        blockStarts.initialize(from: starts, count: starts.count)
        blockStartOffsets = .allocate(capacity: offsets.count)
        blockStartOffsets.initialize(from: offsets, count: offsets.count)
    }

    deinit {
        lookups.deallocate()
        blockStarts.deallocate()
        blockStartOffsets.deallocate()
    }
}

/// Reads a scan's entropy-coded bytes in place, block by block: each block's DC difference, its
/// AC codes stepped over. Stuffed bytes are skipped as the bit buffer fills; at a marker (a
/// restart, or the end of the scan) it reads zeros. It may start at any data byte; what it reads
/// from a bit that is not a block's start is garbage, which `JPEGDCScan` relies on being harmless.
///
/// Read-only over memory its owner keeps alive; each reader is used by one thread.
struct JPEGBlockReader {
    /// What `block` returns for a bit pattern that is no code, or a DC size above 11.
    static let failed = Int.min

    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private let tables: JPEGScanTables
    private var cursor = Cursor()

    /// Data bits consumed so far (a logical position: stuffing and markers not counted).
    var position: Int { cursor.position }

    /// Where reading is. Each read copies it into a local and back: the reader itself lives in
    /// memory (its callers pass it `inout`), and a bit buffer kept there is stored and loaded
    /// again at every code.
    private struct Cursor {
        var position = 0
        /// The next `available` bits after `position`, left-aligned; refilled to at least 57
        /// whenever under 32, enough for the longest code with its value bits (16 + 11, or 12 +
        /// 15 chained). Bits past `available` are either zero or the start of the byte at `next`.
        var buffer: UInt64 = 0
        var available = 0
        /// The raw index of the next byte to go into the buffer.
        var next = 0

        @inline(__always) mutating func refill(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            // Eight bytes with no 0xFF among them (no stuffing, no marker) go in at once.
            if next &+ 8 <= count {
                let word = UInt64(bigEndian: UnsafeRawPointer(bytes + next).loadUnaligned(as: UInt64.self))
                let inverted = ~word
                if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
                    buffer |= word &>> UInt64(available)
                    let whole = (63 &- available) &>> 3
                    next &+= whole
                    available &+= whole &* 8
                    return
                }
            }
            self = Self.refilledByBytes(self, bytes, count)
        }

        /// One byte at a time, skipping stuffing and fill bytes, zeros from a marker on. On a
        /// value, not `inout`: the cursor's address would keep it in memory in the reads.
        private static func refilledByBytes(_ cursor: Cursor, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Cursor {
            var cursor = cursor
            while cursor.available <= 56 {
                var byte: UInt8 = 0
                if cursor.next < count {
                    let raw = bytes[cursor.next]
                    if raw != 0xFF {
                        byte = raw
                        cursor.next += 1
                    } else if cursor.next + 1 < count && bytes[cursor.next + 1] == 0x00 {
                        byte = 0xFF
                        cursor.next += 2
                    } else if cursor.next + 1 < count && bytes[cursor.next + 1] == 0xFF {
                        cursor.next += 1  // a fill byte before a marker
                        continue
                    }
                    // Otherwise a marker: zeros, without moving past it.
                }
                cursor.buffer |= UInt64(byte) &<< UInt64(56 &- cursor.available)
                cursor.available &+= 8
            }
            return cursor
        }

        @inline(__always) mutating func consume(_ bits: Int) {
            buffer = buffer &<< UInt64(bits)
            available &-= bits
            position &+= bits
        }

        /// The next `size` bits as a signed coefficient value.
        @inline(__always) mutating func value(bits size: Int) -> Int {
            let raw = Int(truncatingIfNeeded: buffer &>> UInt64(64 &- size))
            consume(size)
            return Self.extended(raw, size: size)
        }

        /// `size` bits read as a coefficient's value as signed (JPEG's EXTEND); 0 for size 0.
        @inline(__always) static func extended(_ raw: Int, size: Int) -> Int {
            raw < 1 &<< (size &- 1) ? raw &- (1 &<< size) &+ 1 : raw
        }
    }

    init(stream: EntropyStream, tables: JPEGScanTables) {
        bytes = stream.bytes
        count = stream.count
        self.tables = tables
    }

    /// Continues reading at raw byte `raw`, which holds data bit `bit` (a restart interval's
    /// first byte, or a guess).
    mutating func seek(raw: Int, bit: Int) {
        cursor = Cursor(position: bit, buffer: 0, available: 0, next: raw)
    }

    /// Whether reading stopped in the last byte before logical bit `bit`: the data up to there
    /// was used, except for the padding that fills out its last byte, and nothing after it.
    func endsAt(bit: Int) -> Bool {
        position <= bit && position > bit - 8
    }

    /// Reads the DC code of a block of component `c` (its index in the scan): returns the
    /// difference from the component's previous block, or `failed`.
    @inline(__always) private func dcDifference(component c: Int, _ at: inout Cursor) -> Int {
        let singleShift = UInt64(64 - JPEGHuffmanTable.lookupBits)
        let dcLookup = UnsafePointer(tables.lookups + c &* tables.stride)
        if at.available < 32 { at.refill(bytes, count) }
        let entry = dcLookup[Int(at.buffer &>> singleShift)]
        var size: Int
        if entry != 0 {
            at.consume(Int(entry &>> 8))
            size = Int(entry & 0xFF)
        } else {
            guard let long = tables.dc[c].decodeLong(at.buffer) else { return Self.failed }
            at.consume(long.length)
            size = Int(long.symbol)
        }
        guard size <= 11 else { return Self.failed }
        return size > 0 ? at.value(bits: size) : 0
    }

    /// The next AC code of component `c`: its length and symbol, or nil for no code.
    @inline(__always) private func acCode(component c: Int, _ at: Cursor) -> (length: Int, symbol: UInt8)? {
        let acLookup = UnsafePointer(tables.lookups + c &* tables.stride + (1 << JPEGHuffmanTable.lookupBits))
        let entry = acLookup[Int(at.buffer &>> UInt64(64 - JPEGHuffmanTable.lookupBits))]
        return entry != 0 ? (Int(entry &>> 8), UInt8(entry & 0xFF)) : tables.ac[c].decodeLong(at.buffer)
    }

    /// Reads one block of component `c`: returns its DC difference, or `failed`.
    @inline(always) mutating func block(component c: Int) -> Int {
        var at = cursor
        defer { cursor = at }
        if at.available < 32 { at.refill(bytes, count) }
        let start = Int(tables.blockStarts[tables.blockStartOffsets[c] &+ Int(at.buffer &>> UInt64(64 - JPEGHuffmanTable.blockStartBits))])
        let diff: Int
        var k = 1
        if start != 0 {
            // The DC value's bits follow its code; a size of 0 shifts them all out.
            let length = UInt64((start &>> 16) & 15), size = (start &>> 20) & 15
            let raw = Int(truncatingIfNeeded: ((at.buffer &<< length) &>> 1) &>> UInt64(63 &- size))
            diff = Cursor.extended(raw, size: size)
            at.consume((start &>> 8) & 0x3F)
            if start & 0x80 != 0 { return diff }
            k &+= start & 0x7F
        } else {
            diff = dcDifference(component: c, &at)
            guard diff != Self.failed else { return diff }
        }
        let chainShift = UInt64(64 - JPEGHuffmanTable.runLookupBits)
        let acRuns = UnsafePointer(tables.lookups + c &* tables.stride + 2 &* (1 << JPEGHuffmanTable.lookupBits))
        // AC: step over codes, several at a time, until the end of the block.
        while k < 64 {
            if at.available < 32 { at.refill(bytes, count) }
            let chain = Int(acRuns[Int(at.buffer &>> chainShift)])
            let advance = chain & 0x7F, ends = (chain &>> 7) & 1
            if chain != 0 && k &+ advance &+ ends <= 64 {
                at.consume(chain &>> 8)
                if ends != 0 { break }
                k &+= advance
                continue
            }
            // Near the block's end a chain could run into the next block: one code.
            guard let code = acCode(component: c, at) else { return Self.failed }
            let step = JPEGHuffmanTable.acStep(length: code.length, symbol: code.symbol)
            at.consume(step.bits)
            k &+= step.advance
        }
        return diff
    }

    /// Reads one block of component `c` with the AC values a 2x2 IDCT needs: returns its DC
    /// difference (or `failed`) and writes to `terms` the four numbers its 2x2 pixels take
    /// besides the DC (see `LowFrequencyTerms`). `quantizers` is the component's table in
    /// natural order; `scratch` has room for 64 coefficients, all zero, and is left so (most
    /// such blocks have no AC value: they neither clear it nor compute their terms).
    mutating func lowFrequencyBlock(component c: Int, quantizers: UnsafePointer<Int32>,
                                    scratch: UnsafeMutablePointer<Int32>,
                                    terms: UnsafeMutablePointer<Int32>) -> Int {
        var at = cursor
        defer { cursor = at }
        let diff = dcDifference(component: c, &at)
        guard diff != Self.failed else { return diff }
        var written = false
        defer { if written { scratch.update(repeating: 0, count: 64) } }
        var k = 1
        while k < 64 {
            if at.available < 32 { at.refill(bytes, count) }
            guard let code = acCode(component: c, at) else { return Self.failed }
            at.consume(code.length)
            let run = Int(code.symbol >> 4), size = Int(code.symbol & 15)
            if size != 0 {
                k &+= run
                guard k < 64 else { return Self.failed }
                scratch[JPEGBaselineHeader.naturalOrder[k]] = Int32(truncatingIfNeeded: at.value(bits: size))
                written = true
                k &+= 1
            } else if run == 15 {
                k &+= 16
            } else {
                break
            }
        }
        if written {
            guard LowFrequencyTerms.compute(scratch, quantizers: quantizers, into: terms) else { return Self.failed }
        } else {
            terms.update(repeating: 0, count: 4)
        }
        return diff
    }
}

/// libjpeg-turbo's 2x2 reduced IDCT (jidctred.c), split in two: what the AC coefficients
/// contribute, computed when a block is read, and the DC, added once its prediction is known
/// (later, for blocks the second thread of `JPEGDCScan` read). The split is exact: the first
/// pass scales the DC by 2^15 before rounding away 13 bits, so the DC passes through it whole.
enum LowFrequencyTerms {
    /// The odd part of a 2-point IDCT from rows (or columns) 1, 3, 5, 7, in 13-bit fixed point.
    @inline(__always) static func odd(_ z1: Int, _ z3: Int, _ z5: Int, _ z7: Int) -> Int {
        29692 &* z1 &- 10426 &* z3 &+ 6967 &* z5 &- 5906 &* z7
    }

    /// Dequantised coefficients beyond this size (a real 8-bit picture's stay within about
    /// 2,100) could overflow the 32-bit intermediates of libjpeg-turbo's IDCT, where this code
    /// computes in 64 bits: such a block is left to libjpeg-turbo.
    static let largestCoefficient = 1 << 15

    /// From dequantised-to-be coefficients in natural order: for each output row r, `a` (what the
    /// first pass adds to 4 x DC x q for column 0) and `t` (the second pass's odd part), stored
    /// as a0, a1, t0, t1. False (terms not made) when a coefficient the terms use is larger than
    /// `largestCoefficient`.
    static func compute(_ coefficients: UnsafePointer<Int32>, quantizers q: UnsafePointer<Int32>,
                        into terms: UnsafeMutablePointer<Int32>) -> Bool {
        // Pure, so that nothing mutable is captured: a captured variable is checked for
        // exclusive access at run time, at every use.
        @inline(__always) func z(_ row: Int, _ column: Int) -> Int {
            Int(coefficients[row &* 8 &+ column]) &* Int(q[row &* 8 &+ column])
        }
        var largest = 0
        for row in stride(from: 1, to: 8, by: 2) { largest = max(largest, abs(z(row, 0))) }
        for column in stride(from: 1, to: 8, by: 2) {
            largest = max(largest, abs(z(0, column)))
            for row in stride(from: 1, to: 8, by: 2) { largest = max(largest, abs(z(row, column))) }
        }
        guard largest <= largestCoefficient else { return false }
        let odd0 = odd(z(1, 0), z(3, 0), z(5, 0), z(7, 0))
        terms[0] = Int32(truncatingIfNeeded: (odd0 &+ 4096) &>> 13)
        terms[1] = Int32(truncatingIfNeeded: (4096 &- odd0) &>> 13)
        // Columns 1, 3, 5, 7 through the first pass (no DC in them).
        @inline(__always) func pass(_ column: Int) -> (top: Int, bottom: Int) {
            let o = odd(z(1, column), z(3, column), z(5, column), z(7, column))
            let even = z(0, column) &<< 15
            return ((even &+ o &+ 4096) &>> 13, (even &- o &+ 4096) &>> 13)
        }
        let p1 = pass(1), p3 = pass(3), p5 = pass(5), p7 = pass(7)
        terms[2] = Int32(truncatingIfNeeded: odd(p1.top, p3.top, p5.top, p7.top))
        terms[3] = Int32(truncatingIfNeeded: odd(p1.bottom, p3.bottom, p5.bottom, p7.bottom))
        return true
    }

    /// An IDCT output (centred on 0) as a sample, clamped as libjpeg-turbo's range limit table
    /// clamps it: that table wraps outputs beyond -512...511 (`& RANGE_MASK`), which no real
    /// picture makes, so for those `outOfRange` is set instead.
    @inline(__always) static func rangeLimited(_ value: Int, outOfRange: inout Bool) -> UInt8 {
        if UInt(bitPattern: value &+ 512) > 1023 { outOfRange = true }
        return UInt8(clamping: value &+ 128)
    }

    /// The 2x2 pixels (top-left, top-right, bottom-left, bottom-right) of a block whose
    /// dequantised DC is `dc` (see `rangeLimited` for `outOfRange`).
    @inline(__always) static func pixels(dc: Int, _ terms: UnsafePointer<Int32>,
                                         outOfRange: inout Bool) -> (UInt8, UInt8, UInt8, UInt8) {
        @inline(__always) func sample(_ x: Int) -> UInt8 { rangeLimited((x &+ (1 &<< 19)) &>> 20, outOfRange: &outOfRange) }
        let top = (4 &* dc &+ Int(terms[0])) &<< 15, bottom = (4 &* dc &+ Int(terms[1])) &<< 15
        let t0 = Int(terms[2]), t1 = Int(terms[3])
        return (sample(top &+ t0), sample(top &- t0), sample(bottom &+ t1), sample(bottom &- t1))
    }
}
