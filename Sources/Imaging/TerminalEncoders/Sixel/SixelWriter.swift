/// Writes an indexed image as one sixel DCS sequence with 7-bit controls:
///
///     ESC P q  "1;1;W;H  #r;2;R;G;B …  band - band - … band  ESC \
///
/// Every register some pixel uses is defined once, up front (`R;G;B` in percent), in register
/// order; unused ones are not. A band is 6 pixel rows; the last may be partial. In a band each
/// colour is one run of sixel characters from the first to the last column it paints (gaps as
/// `?`, repeats of 4 or more as `!n`). Colours are taken in the order they first appear when the
/// band is read column by column, top to bottom, and each is put on the first line (pass over the
/// band, `$` between passes) it fits after without overlapping, else on a new line: so colours
/// that paint disjoint column ranges share one pass, as few passes as the overlaps allow.
enum SixelWriter {
    static func write(_ image: IndexedImage) -> [UInt8] {
        let width = image.width, height = image.height
        var out = ByteBuffer(capacity: width * height + 4096)
        image.indices.withUnsafeBufferPointer { indices in
            // `ESC P q "1;1;W;H`, then per register `#nnn;2;100;100;100`.
            out.write(reserving: 64 + 256 * 20) { out in
                out.append("\u{1B}Pq\"1;1;")
                out.append(decimal: width)
                out.append(";")
                out.append(decimal: height)
                defineUsedRegisters(image.registers, indices: indices, into: &out)
            }
            let bands = BandState(width: width)
            defer { bands.deallocate() }
            for top in stride(from: 0, to: height, by: 6) {
                bands.write(indices.baseAddress! + top * width, rows: min(6, height - top), first: top == 0, into: &out)
            }
        }
        out.write(reserving: 2) { $0.append("\u{1B}\\") }
        return out.bytes
    }

    private static func defineUsedRegisters(_ registers: [RGB], indices: UnsafeBufferPointer<UInt8>,
                                            into out: inout ByteCursor) {
        var used = [Bool](repeating: false, count: 256)
        for index in indices { used[Int(index)] = true }
        for (number, colour) in registers.enumerated() where used[number] {
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

    /// A channel in sixel's 0...100 scale, rounded.
    static func percent(_ channel: UInt8) -> Int { (Int(channel) * 100 + 127) / 255 }
}

/// The per-band bookkeeping, allocated once per image and reused band after band. A colour's
/// columns in the current band are a linked list of entries (column, six bits), appended in
/// column order as the band is read column by column.
private struct BandState {
    let width: Int
    // Entries: at most one per pixel of a band.
    let column: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt8>
    let next: UnsafeMutablePointer<Int32>
    // Per register: its first and last entry in this band, and the column of the last (-1: unused).
    let head: UnsafeMutablePointer<Int32>
    let tail: UnsafeMutablePointer<Int32>
    let lastColumn: UnsafeMutablePointer<Int32>
    /// The registers used in this band, in order of first appearance.
    let order: UnsafeMutablePointer<Int>
    // Lines (passes): their colours as a linked list through `nextOnLine`, and their last column.
    let lineHead: UnsafeMutablePointer<Int>
    let lineTail: UnsafeMutablePointer<Int>
    let lineEnd: UnsafeMutablePointer<Int>
    let nextOnLine: UnsafeMutablePointer<Int>
    /// Longest `!n` or gap a run can need: `!`, the digits of the width, the character.
    let longestRepeat: Int

    init(width: Int) {
        self.width = width
        column = .allocate(capacity: 6 * width)
        bits = .allocate(capacity: 6 * width)
        next = .allocate(capacity: 6 * width)
        head = .allocate(capacity: 256)
        tail = .allocate(capacity: 256)
        lastColumn = .allocate(capacity: 256)
        lastColumn.initialize(repeating: -1, count: 256)
        order = .allocate(capacity: 256)
        lineHead = .allocate(capacity: 256)
        lineTail = .allocate(capacity: 256)
        lineEnd = .allocate(capacity: 256)
        nextOnLine = .allocate(capacity: 256)
        longestRepeat = String(width).count + 2
    }

    func deallocate() {
        for pointer in [UnsafeMutableRawPointer(column), UnsafeMutableRawPointer(bits), UnsafeMutableRawPointer(next),
                        UnsafeMutableRawPointer(head), UnsafeMutableRawPointer(tail),
                        UnsafeMutableRawPointer(lastColumn), UnsafeMutableRawPointer(order),
                        UnsafeMutableRawPointer(lineHead), UnsafeMutableRawPointer(lineTail),
                        UnsafeMutableRawPointer(lineEnd), UnsafeMutableRawPointer(nextOnLine)] {
            pointer.deallocate()
        }
    }

    /// One band, after a `-` unless it is the `first`.
    func write(_ band: UnsafePointer<UInt8>, rows: Int, first: Bool, into buffer: inout ByteBuffer) {
        let (entries, colours) = collect(band, rows: rows)
        let lines = assignLines(colours: colours)
        // Per entry at most a gap and a repeat; per colour `#nnn`; per line `$` or `-`.
        buffer.write(reserving: entries * 2 * longestRepeat + colours * 4 + lines) { out in
            if !first { out.append("-") }
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
        for i in 0..<colours { lastColumn[order[i]] = -1 }
    }

    /// Fills the entry lists; returns how many entries and colours the band has.
    private func collect(_ band: UnsafePointer<UInt8>, rows: Int) -> (Int, Int) {
        var entries = 0, colours = 0
        for x in 0..<width {
            var pixel = band + x
            let x32 = Int32(x)
            for row in 0..<rows {
                let register = Int(pixel.pointee)
                let bit = UInt8(1) << UInt8(row)
                if lastColumn[register] == x32 {
                    bits[Int(tail[register])] |= bit
                } else {
                    column[entries] = x32
                    bits[entries] = bit
                    next[entries] = -1
                    if lastColumn[register] < 0 {
                        head[register] = Int32(entries)
                        order[colours] = register
                        colours += 1
                    } else {
                        next[Int(tail[register])] = Int32(entries)
                    }
                    tail[register] = Int32(entries)
                    lastColumn[register] = x32
                    entries += 1
                }
                pixel += width
            }
        }
        return (entries, colours)
    }

    /// First fit of the band's colours (in order of first appearance) onto lines; returns the
    /// number of lines.
    private func assignLines(colours: Int) -> Int {
        var lines = 0
        var minimumEnd = Int.max
        for i in 0..<colours {
            let register = order[i]
            let start = Int(column[Int(head[register])]), end = Int(lastColumn[register])
            nextOnLine[register] = -1
            var line = lines
            if start > minimumEnd {
                line = 0
                while lineEnd[line] >= start { line += 1 }
            }
            if line == lines {
                lines += 1
                lineHead[line] = register
                lineTail[line] = register
                lineEnd[line] = end
                minimumEnd = min(minimumEnd, end)
            } else {
                nextOnLine[lineTail[line]] = register
                lineTail[line] = register
                let previousEnd = lineEnd[line]
                lineEnd[line] = end
                if previousEnd == minimumEnd {
                    minimumEnd = Int.max
                    for other in 0..<lines { minimumEnd = min(minimumEnd, lineEnd[other]) }
                }
            }
        }
        return lines
    }

    /// One colour's sixel characters from column `x` on; returns the column after its last.
    private func writeRuns(of register: Int, from start: Int, into out: inout ByteCursor) -> Int {
        var x = start
        var entry = Int(head[register])
        while entry >= 0 {
            let at = Int(column[entry]), pattern = bits[entry]
            if at > x { Self.repeatCharacter(63, count: at - x, into: &out) }
            var run = 1
            var following = Int(next[entry])
            while following >= 0 && Int(column[following]) == at + run && bits[following] == pattern {
                run += 1
                following = Int(next[following])
            }
            Self.repeatCharacter(63 + pattern, count: run, into: &out)
            x = at + run
            entry = following
        }
        return x
    }

    /// `character` `count` times: as `!count` and the character from 4 on, where that is shorter.
    private static func repeatCharacter(_ character: UInt8, count: Int, into out: inout ByteCursor) {
        if count >= 4 {
            out.append("!")
            out.append(decimal: count)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
