/// The per-band bookkeeping of `SixelWriter`, allocated once per image and reused band after
/// band. A colour's columns in the current band are a linked list of entries (column, six bits),
/// appended in column order as the band is read column by column; so the entries of one column
/// are consecutive, from `columnStart[x]` to `columnStart[x + 1]`.
struct SixelBand {
    let width: Int
    // Entries: at most one per pixel of a band.
    let column: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt8>
    let next: UnsafeMutablePointer<Int32>
    let registerOf: UnsafeMutablePointer<UInt8>
    /// Per column, its first entry (`width + 1` of them: the last is the number of entries).
    let columnStart: UnsafeMutablePointer<Int32>
    // Per register: its first and last entry in this band, and the column of the last (-1: unused).
    let head: UnsafeMutablePointer<Int32>
    let tail: UnsafeMutablePointer<Int32>
    let lastColumn: UnsafeMutablePointer<Int32>
    /// Per register, how many columns of this band it paints (before pruning).
    let entryCount: UnsafeMutablePointer<Int32>
    /// The registers used in this band, in order of first appearance.
    let order: UnsafeMutablePointer<Int>
    // Lines (passes): their colours as a linked list through `nextOnLine`, and their last column.
    let lineHead: UnsafeMutablePointer<Int>
    let lineTail: UnsafeMutablePointer<Int>
    let lineEnd: UnsafeMutablePointer<Int>
    let nextOnLine: UnsafeMutablePointer<Int>
    /// Per column, the bits of the pixels no colour written so far in this band has taken: what
    /// the colour being written may paint, since a later colour paints over them.
    let unpainted: UnsafeMutablePointer<UInt8>
    // Per register while pruning: its open stretch's first and last entries, and its last entry kept.
    let stretchFirst: UnsafeMutablePointer<Int32>
    let stretchLast: UnsafeMutablePointer<Int32>
    let keptLast: UnsafeMutablePointer<Int32>
    // The stretches that ended, in order: first and last entries, and the gap after.
    let endedFirst: UnsafeMutablePointer<Int32>
    let endedLast: UnsafeMutablePointer<Int32>
    let endedGap: UnsafeMutablePointer<Int32>
    // Pixels a pruned stretch gives away: at most 6 rows of `SixelPruning.longestPruned` columns.
    let moveEntry: UnsafeMutablePointer<Int32>
    let moveBit: UnsafeMutablePointer<UInt8>
    /// Longest `!n` or gap a run can need: `!`, the digits of the width, the character.
    let longestRepeat: Int

    init(width: Int) {
        self.width = width
        column = .allocate(capacity: 6 * width)
        bits = .allocate(capacity: 6 * width)
        next = .allocate(capacity: 6 * width + 1)
        registerOf = .allocate(capacity: 6 * width)
        columnStart = .allocate(capacity: width + 1)
        head = .allocate(capacity: 256)
        tail = .allocate(capacity: 256)
        lastColumn = .allocate(capacity: 256)
        lastColumn.initialize(repeating: -1, count: 256)
        entryCount = .allocate(capacity: 256)
        entryCount.initialize(repeating: 0, count: 256)
        order = .allocate(capacity: 256)
        lineHead = .allocate(capacity: 256)
        lineTail = .allocate(capacity: 256)
        lineEnd = .allocate(capacity: 256)
        nextOnLine = .allocate(capacity: 256)
        unpainted = .allocate(capacity: width)
        stretchFirst = .allocate(capacity: 256)
        stretchLast = .allocate(capacity: 256)
        keptLast = .allocate(capacity: 256)
        endedFirst = .allocate(capacity: 6 * width + 1)
        endedLast = .allocate(capacity: 6 * width + 1)
        endedGap = .allocate(capacity: 6 * width + 1)
        moveEntry = .allocate(capacity: 6 * SixelPruning.longestPruned)
        moveBit = .allocate(capacity: 6 * SixelPruning.longestPruned)
        longestRepeat = String(width).count + 2
    }

    func deallocate() {
        column.deallocate(); bits.deallocate(); next.deallocate(); registerOf.deallocate(); columnStart.deallocate()
        head.deallocate(); tail.deallocate(); lastColumn.deallocate(); entryCount.deallocate(); order.deallocate()
        lineHead.deallocate(); lineTail.deallocate(); lineEnd.deallocate(); nextOnLine.deallocate()
        unpainted.deallocate(); stretchFirst.deallocate(); stretchLast.deallocate(); keptLast.deallocate()
        endedFirst.deallocate(); endedLast.deallocate(); endedGap.deallocate()
        moveEntry.deallocate(); moveBit.deallocate()
    }

    /// The band of image rows from `top` (`rows` of them), after a `-` unless it is the first,
    /// pruned if `pruning` is given; marks in `selecting` the registers it selects.
    func write(_ indices: UnsafePointer<UInt8>, top: Int, rows: Int, pruning: SixelPruning?,
               selecting: UnsafeMutablePointer<Bool>, into buffer: inout ByteBuffer) {
        let (entries, collected) = collect(indices + top * width, rows: rows)
        let colours = pruning.map { prune($0, top: top, entries: entries, colours: collected) } ?? collected
        let lines = assignLines(colours: colours)
        unpainted.initialize(repeating: UInt8(1 << rows) - 1, count: width)
        // Per entry at most a gap and a repeat; per colour `#nnn`; per line `$` or `-`.
        buffer.write(reserving: entries * 2 * longestRepeat + colours * 4 + lines) { out in
            if top > 0 { out.append("-") }
            for line in 0..<lines {
                if line > 0 { out.append("$") }
                var x = 0
                var register = lineHead[line]
                while register >= 0 {
                    out.append("#")
                    out.append(decimal: register)
                    x = writeRuns(of: register, from: x, into: &out)
                    register = nextOnLine[register]
                }
            }
        }
        for i in 0..<colours {
            selecting[order[i]] = true
            lastColumn[order[i]] = -1
            entryCount[order[i]] = 0
        }
    }

    /// Fills the entry lists; returns how many entries and colours the band has.
    private func collect(_ band: UnsafePointer<UInt8>, rows: Int) -> (Int, Int) {
        var entries = 0, colours = 0
        // Where a link is written that no entry needs (`next` has one slot more than entries).
        let nowhere = 6 * width
        for x in 0..<width {
            columnStart[x] = Int32(truncatingIfNeeded: entries)
            var pixel = band + x
            let x32 = Int32(truncatingIfNeeded: x)
            for row in 0..<rows {
                let register = Int(pixel.pointee)
                let bit = UInt8(1) << UInt8(truncatingIfNeeded: row)
                let last = lastColumn[register]
                // Without branches on the colour (a photo's change unpredictably): a new entry's
                // fields are written whether or not it is one, and kept only if it is.
                let isNew = last != x32
                let previous = Int(tail[register])
                let target = isNew ? entries : previous
                column[entries] = x32
                registerOf[entries] = UInt8(truncatingIfNeeded: register)
                let old = bits[target]
                bits[target] = (isNew ? 0 : old) | bit
                next[entries] = -1
                next[isNew && last >= 0 ? previous : nowhere] = Int32(truncatingIfNeeded: entries)
                if last < 0 {
                    head[register] = Int32(truncatingIfNeeded: entries)
                    order[colours] = register
                    colours += 1
                }
                entryCount[register] &+= isNew ? 1 : 0
                tail[register] = Int32(truncatingIfNeeded: target)
                lastColumn[register] = x32
                entries &+= isNew ? 1 : 0
                pixel += width
            }
        }
        columnStart[width] = Int32(truncatingIfNeeded: entries)
        return (entries, colours)
    }

    /// The band's colours (in order of first appearance) onto lines: each on the line that ends
    /// nearest before its first column (the shortest gap to it), else on a new line; returns the
    /// number of lines.
    private func assignLines(colours: Int) -> Int {
        var lines = 0
        for i in 0..<colours {
            let register = order[i]
            let start = Int(column[Int(head[register])]), end = Int(lastColumn[register])
            nextOnLine[register] = -1
            var line = -1
            for candidate in 0..<lines where lineEnd[candidate] < start {
                if line < 0 || lineEnd[candidate] > lineEnd[line] { line = candidate }
            }
            if line < 0 {
                line = lines
                lines += 1
                lineHead[line] = register
            } else {
                nextOnLine[lineTail[line]] = register
            }
            lineTail[line] = register
            lineEnd[line] = end
        }
        return lines
    }
}
