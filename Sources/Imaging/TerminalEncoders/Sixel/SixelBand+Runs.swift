extension SixelBand {
    /// One colour's sixel characters from column `x` on; returns the column after its last.
    func writeRuns(of register: Int, from start: Int, into out: inout ByteCursor) -> Int {
        entryCount[register] >= Self.overpaintingEntries
            ? writeOverpaintingRuns(of: register, from: start, into: &out)
            : writeOwnRuns(of: register, from: start, into: &out)
    }

    /// Colours in at least this many columns of a band paint over what later colours paint
    /// (`writeOverpaintingRuns`): they have the long runs it joins; for a colour in a few
    /// columns it saves next to nothing, and costs time.
    static let overpaintingEntries: Int32 = 8

    /// Runs of the colour's own pixels: the same six bits in consecutive columns; gaps blank.
    private func writeOwnRuns(of register: Int, from start: Int, into out: inout ByteCursor) -> Int {
        var x = start
        var entry = Int(head[register])
        while entry >= 0 {
            let at = Int(column[entry]), pattern = bits[entry]
            if at > x { SixelRuns.write(63, count: at - x, into: &out) }
            unpainted[at] &= ~pattern
            var run = 1
            var following = Int(next[entry])
            while following >= 0 && Int(column[following]) == at + run && bits[following] == pattern {
                unpainted[at + run] &= ~pattern
                run += 1
                following = Int(next[following])
            }
            SixelRuns.write(63 + pattern, count: run, into: &out)
            x = at + run
            entry = following
        }
        return x
    }

    /// Runs that may paint, besides the colour's own pixels, any pixel a later colour paints
    /// over (`unpainted`): each run is made as long as one character can cover it, so the colour
    /// takes fewer, longer runs (a band's first colour paints all its columns whole, `~`), and a
    /// gap inside a run joins it where the pixels under it are still to be painted.
    private func writeOverpaintingRuns(of register: Int, from start: Int, into out: inout ByteCursor) -> Int {
        let end = Int(lastColumn[register])
        var x = start
        var entry = Int(head[register])
        while x <= end {
            let own = Int(column[entry])
            if own > x + 8 {
                // A long gap: blank up to the next column with pixels of the colour.
                SixelRuns.write(63, count: own - x, into: &out)
                x = own
            }
            // The run from x: its own pixels (`union`) must lie within what every column of it may paint.
            var union: UInt8 = 0, allowed: UInt8 = 63
            var after = x
            while after <= end {
                let own: UInt8 = Int(column[entry]) == after ? bits[entry] : 0
                let nextUnion = union | own, nextAllowed = allowed & unpainted[after]
                guard nextUnion & ~nextAllowed == 0 else { break }
                union = nextUnion
                allowed = nextAllowed
                if own != 0 {
                    unpainted[after] &= ~own
                    entry = Int(next[entry])
                    if entry < 0 { after += 1; break }
                }
                after += 1
            }
            SixelRuns.write(63 + union, count: after - x, into: &out)
            x = after
        }
        return x
    }
}
