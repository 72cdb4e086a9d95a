/// What `SixelWriter` may change to save bytes: a colour's short stretch of columns in a band
/// (at most `longestPruned`) is given to the colours already painting those columns, pixel by
/// pixel to the one nearest each pixel's own colour, when the squared error this adds is at most
/// `errorPerByte` times the bytes it saves.
///
/// Why: in a photo's band, a colour flickers in and out along the columns (the image's noise
/// crossing a box of the palette), and each time it reappears costs a gap (`!n?`) and its
/// characters, or, alone in the band, a register selection (`#n`) and a move to its column. Most
/// such stretches are one or two pixels that a neighbouring colour matches nearly as well.
struct SixelPruning {
    /// The pixels the indices were made from (RGB, rows top to bottom).
    let pixels: UnsafePointer<UInt8>
    /// Each register's colour.
    let registers: UnsafePointer<RGB>
    /// The squared error (summed over r, g and b) that one byte saved is worth.
    let errorPerByte: Int32

    /// Stretches longer than this many columns are kept: they cost little for their pixels.
    static let longestPruned = 6
    /// What a colour alone in its band costs besides its characters: `#n` and a move to its first column.
    static let selectionBytes = 6
}

extension SixelBand {
    /// Prunes the band collected from image row `top`, its stretches in the order they end,
    /// column by column; returns how many colours are left in `order` (those that lost every
    /// column are dropped from it).
    func prune(_ pruning: SixelPruning, top: Int, entries: Int, colours: Int) -> Int {
        for i in 0..<colours {
            stretchFirst[order[i]] = -1
            stretchLast[order[i]] = 0
            keptLast[order[i]] = -1
        }
        // The stretches, as they end (a colour's next entry is not in the next column), listed
        // without a branch on it, then decided on in that order.
        var ended = 0
        for entry in 0..<entries {
            let register = Int(registerOf[entry])
            let first = stretchFirst[register], last = Int(stretchLast[register])
            let x = column[entry]
            let ends = first >= 0 && column[last] &+ 1 != x
            endedFirst[ended] = first
            endedLast[ended] = Int32(truncatingIfNeeded: last)
            endedGap[ended] = x &- column[last] &- 1
            ended &+= ends ? 1 : 0
            stretchFirst[register] = ends || first < 0 ? Int32(truncatingIfNeeded: entry) : first
            stretchLast[register] = Int32(truncatingIfNeeded: entry)
        }
        for i in 0..<ended {
            close(Int(endedFirst[i]), Int(endedLast[i]), gapAfter: Int(endedGap[i]), top: top, pruning)
        }
        var kept = 0
        for i in 0..<colours {
            let register = order[i]
            close(Int(stretchFirst[register]), Int(stretchLast[register]), gapAfter: -1, top: top, pruning)
            let last = Int(keptLast[register])
            if last < 0 {
                lastColumn[register] = -1
                entryCount[register] = 0
            } else {
                tail[register] = Int32(last)
                lastColumn[register] = column[last]
                order[kept] = register
                kept += 1
            }
        }
        return kept
    }

    /// Decides on a colour's stretch, entries `first` to `last`, `gapAfter` columns before its
    /// next (-1: it is the last), and unlinks it if pruned.
    @inline(__always)
    private func close(_ first: Int, _ last: Int, gapAfter: Int, top: Int, _ pruning: SixelPruning) {
        let register = Int(registerOf[first])
        let start = Int(column[first]), end = Int(column[last])
        let previous = Int(keptLast[register])
        if end - start < SixelPruning.longestPruned {
            let gapBefore = previous < 0 ? -1 : start - Int(column[previous]) - 1
            let saved = Self.bytesSaved(length: end - start + 1, gapBefore: gapBefore, gapAfter: gapAfter)
            if saved > 0 && give(first, last, of: register, top: top, budget: Int32(saved) * pruning.errorPerByte, pruning) {
                if previous < 0 { head[register] = next[last] } else { next[previous] = next[last] }
                return
            }
        }
        keptLast[register] = Int32(last)
    }

    /// The bytes a stretch of `length` columns costs beyond the gaps that would replace it:
    /// gaps of -1 mean it is its colour's first (or last) stretch.
    @inline(__always)
    static func bytesSaved(length: Int, gapBefore: Int, gapAfter: Int) -> Int {
        switch (gapBefore >= 0, gapAfter >= 0) {
        case (false, false): return SixelPruning.selectionBytes + length
        case (false, true): return length + SixelRuns.cost(gapAfter)
        case (true, false): return SixelRuns.cost(gapBefore) + length
        case (true, true):
            return SixelRuns.cost(gapBefore) + length + SixelRuns.cost(gapAfter)
                - SixelRuns.cost(gapBefore + length + gapAfter)
        }
    }

    /// Gives the pixels of the entries `first` to `last` (linked, in consecutive columns) to the
    /// other colours of their columns, if that adds at most `budget` squared error; returns
    /// whether it did.
    private func give(_ first: Int, _ last: Int, of register: Int, top: Int, budget: Int32,
                      _ pruning: SixelPruning) -> Bool {
        let colour = pruning.registers[register]
        var added: Int32 = 0
        var moves = 0
        var entry = first
        while true {
            let x = Int(column[entry])
            let columnFirst = Int(columnStart[x]), columnEnd = Int(columnStart[x + 1])
            var pattern = bits[entry]
            while pattern != 0 {
                let row = pattern.trailingZeroBitCount
                pattern &= pattern - 1
                let p = pruning.pixels + ((top + row) * width + x) * 3
                let r = Int32(p[0]), g = Int32(p[1]), b = Int32(p[2])
                var best = Int32.max, receiver = -1
                for other in columnFirst..<columnEnd {
                    // Without branches on the distances, which a photo makes unpredictable.
                    let d = Self.distance(r, g, b, pruning.registers[Int(registerOf[other])])
                    let better = other != entry && bits[other] != 0 && d < best
                    best = better ? d : best
                    receiver = better ? other : receiver
                }
                guard receiver >= 0 else { return false }
                added &+= best &- Self.distance(r, g, b, colour)
                guard added <= budget else { return false }
                moveEntry[moves] = Int32(receiver)
                moveBit[moves] = UInt8(1) << UInt8(row)
                moves += 1
            }
            if entry == last { break }
            entry = Int(next[entry])
        }
        for move in 0..<moves { bits[Int(moveEntry[move])] |= moveBit[move] }
        entry = first
        while true {
            bits[entry] = 0
            if entry == last { break }
            entry = Int(next[entry])
        }
        return true
    }

    /// Squared distance, scalar: SSE2 has no 32-bit vector multiply.
    @inline(__always)
    private static func distance(_ r: Int32, _ g: Int32, _ b: Int32, _ colour: RGB) -> Int32 {
        let dr = r &- Int32(colour.r), dg = g &- Int32(colour.g), db = b &- Int32(colour.b)
        return dr &* dr &+ dg &* dg &+ db &* db
    }
}
