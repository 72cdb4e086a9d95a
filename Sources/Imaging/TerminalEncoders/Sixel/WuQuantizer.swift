/// Xiaolin Wu's colour quantiser ("Efficient statistical computations for optimal color
/// quantization", Graphics Gems II, 1991) over a 5-bit-a-channel histogram: boxes of the RGB cube
/// are split at the plane that minimises the sum of the two halves' squared errors, computed in
/// constant time per plane from cumulative moment tables. Unlike Wu, the box split next is the one
/// whose best cut removes the most squared error, not the one with the largest error: that needs
/// no table of squares (a third of the memory, whose fresh pages were a measurable part of a
/// thumbnail's encode) and lowers the total error as directly as one split can. Registers are the exact means of the pixels in each box (the moments hold the pixels'
/// own values, not their histogram cells', so no colour is shifted towards a cell corner).
struct WuQuantizer {
    /// Histogram cells a side, plus one: index 0 of each axis is the zero border the cumulative
    /// tables need.
    static let side = 33
    static let cells = side * side * side

    /// The registers: the mean colour of each box.
    private(set) var registers: [RGB] = []
    /// For each histogram cell (`cell(r, g, b)`), the box (register) it lies in.
    private(set) var boxOfCell: [UInt8]
    /// The squared error (r, g and b summed, over all pixels) each split removed, in the order
    /// they were made: splits are chosen greedily, so a palette of `k` registers is the one the
    /// first `k - 1` splits make, and its error exceeds this one's by the sum of the rest.
    private(set) var errorRemoved: [Double] = []
    /// Each register's box's size along r, g and b in levels (a multiple of 8): how far apart
    /// the registers are near its colour, which `OrderedDither` scales its offsets to.
    private(set) var boxSizes: [SIMD4<Int32>] = []
    /// The cell of a colour in the tables.
    @inline(__always)
    static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (Int(r >> 3) + 1) * side * side + (Int(g >> 3) + 1) * side + Int(b >> 3) + 1
    }

    /// Quantises `count` RGB pixels at `pixels` to at most `colors` registers.
    init(pixels: UnsafePointer<UInt8>, count: Int, colors: Int) {
        let moments = Moments()
        defer { moments.deallocate() }
        moments.add(pixels, count: count)
        moments.accumulate()
        // Registers numbered by how many pixels they take, most first: the sixel selects a
        // register by its number, and the busiest get the fewest digits.
        let (split, removed) = moments.split(into: max(1, min(256, colors)))
        errorRemoved = removed
        let boxes = split.map { (box: $0, pixels: moments.volume($0)[0]) }.sorted { $0.pixels > $1.pixels }.map(\.box)
        registers = boxes.map { moments.mean(of: $0) }
        boxSizes = boxes.map { SIMD4(Int32($0.r1 - $0.r0), Int32($0.g1 - $0.g0), Int32($0.b1 - $0.b0), 0) &* 8 }
        boxOfCell = [UInt8](repeating: 0, count: Self.cells)
        boxOfCell.withUnsafeMutableBufferPointer { boxOfCell in
            for (number, box) in boxes.enumerated() { box.mark(in: boxOfCell.baseAddress!, as: UInt8(number)) }
        }
    }

    /// A box of histogram cells: lower bounds exclusive, upper bounds inclusive.
    struct Box {
        var r0 = 0, r1 = side - 1, g0 = 0, g1 = side - 1, b0 = 0, b1 = side - 1

        /// Writes `register` into `table` at every cell of the box.
        func mark(in table: UnsafeMutablePointer<UInt8>, as register: UInt8) {
            for r in (r0 + 1)...r1 {
                for g in (g0 + 1)...g1 {
                    let row = r * side * side + g * side
                    for b in (b0 + 1)...b1 { table[row + b] = register }
                }
            }
        }
    }
}

/// Wu's histogram and then cumulative moment tables: per cell the pixel count and the sums of r,
/// g and b (one vector, wrapping 32-bit: exact, since no sum over `SixelEncoder.maxPixels` pixels
/// reaches 2^32). Once cumulative, entry (r, g, b) is the sum over all cells (≤ r, ≤ g, ≤ b), so
/// any box's sums take 8 lookups.
private struct Moments {
    typealias Box = WuQuantizer.Box
    static let side = WuQuantizer.side
    let sums: UnsafeMutablePointer<SIMD4<UInt32>>

    init() {
        sums = .allocate(capacity: WuQuantizer.cells)
        sums.initialize(repeating: .zero, count: WuQuantizer.cells)
    }

    func deallocate() { sums.deallocate() }

    func add(_ pixels: UnsafePointer<UInt8>, count: Int) {
        var p = pixels
        for _ in 0..<count {
            let r = p[0], g = p[1], b = p[2]
            let cell = WuQuantizer.cell(r, g, b)
            sums[cell] &+= SIMD4(1, UInt32(r), UInt32(g), UInt32(b))
            p += 3
        }
    }

    func accumulate() {
        let side = Self.side
        var area = [SIMD4<UInt32>](repeating: .zero, count: side)
        for r in 1..<side {
            for i in 0..<side { area[i] = .zero }
            for g in 1..<side {
                var line = SIMD4<UInt32>.zero
                for b in 1..<side {
                    let cell = r * side * side + g * side + b
                    line &+= sums[cell]
                    area[b] &+= line
                    let below = cell - side * side
                    sums[cell] = sums[below] &+ area[b]
                }
            }
        }
    }

    /// Count and sums of r, g, b over `box` (inclusion-exclusion over its 8 corners).
    @inline(__always)
    func volume(_ box: Box) -> SIMD4<UInt32> {
        let s = Self.side
        @inline(__always) func at(_ r: Int, _ g: Int, _ b: Int) -> SIMD4<UInt32> { sums[r * s * s + g * s + b] }
        return at(box.r1, box.g1, box.b1) &- at(box.r1, box.g1, box.b0) &- at(box.r1, box.g0, box.b1)
            &+ at(box.r1, box.g0, box.b0) &- at(box.r0, box.g1, box.b1) &+ at(box.r0, box.g1, box.b0)
            &+ at(box.r0, box.g0, box.b1) &- at(box.r0, box.g0, box.b0)
    }

    /// Σ(r² + g² + b²) / n of a part with these sums: the larger, the smaller its squared error.
    @inline(__always)
    private static func spread(_ sums: SIMD4<UInt32>) -> Double {
        let r = Double(sums[1]), g = Double(sums[2]), b = Double(sums[3])
        return (r * r + g * g + b * b) / Double(sums[0])
    }


    private enum Axis: CaseIterable { case red, green, blue }

    /// The best plane to cut `box` along `axis` and its score (larger: smaller total error), or nil
    /// when no plane leaves pixels on both sides.
    private func bestCut(_ box: Box, along axis: Axis, whole: SIMD4<UInt32>) -> (position: Int, score: Double)? {
        var lower = box
        let range: Range<Int>
        switch axis {
        case .red: range = (box.r0 + 1)..<box.r1
        case .green: range = (box.g0 + 1)..<box.g1
        case .blue: range = (box.b0 + 1)..<box.b1
        }
        var best: (position: Int, score: Double)?
        for position in range {
            switch axis {
            case .red: lower.r1 = position
            case .green: lower.g1 = position
            case .blue: lower.b1 = position
            }
            let part = volume(lower)
            guard part[0] > 0, part[0] < whole[0] else { continue }
            let score = Self.spread(part) + Self.spread(whole &- part)
            if score > best?.score ?? 0 { best = (position, score) }
        }
        return best
    }

    /// The best split of `box` in two and how much squared error it removes, or nil if the box
    /// cannot be split.
    private func cut(_ box: Box) -> (lower: Box, upper: Box, gain: Double)? {
        let whole = volume(box)
        guard whole[0] > 1 else { return nil }
        var best: (axis: Axis, position: Int, score: Double)?
        for axis in Axis.allCases {
            if let cut = bestCut(box, along: axis, whole: whole), cut.score > best?.score ?? 0 {
                best = (axis, cut.position, cut.score)
            }
        }
        guard let best else { return nil }
        var lower = box, upper = box
        switch best.axis {
        case .red: lower.r1 = best.position; upper.r0 = best.position
        case .green: lower.g1 = best.position; upper.g0 = best.position
        case .blue: lower.b1 = best.position; upper.b0 = best.position
        }
        // A box's squared error is Σ(r² + g² + b²) - spread; the squares cancel in the difference.
        return (lower, upper, best.score - Self.spread(whole))
    }

    /// Up to `count` boxes, each holding pixels: always the box whose best cut removes the most
    /// squared error is split next; and the error each split removed, in order.
    func split(into count: Int) -> (boxes: [Box], errorRemoved: [Double]) {
        var boxes = [Box()]
        var cuts = [cut(boxes[0])]
        var removed: [Double] = []
        boxes.reserveCapacity(count)
        cuts.reserveCapacity(count)
        removed.reserveCapacity(count)
        while boxes.count < count {
            var best: Int?
            for i in cuts.indices where cuts[i] != nil {
                if best.map({ cuts[i]!.gain > cuts[$0]!.gain }) ?? true { best = i }
            }
            guard let best, let (lower, upper, gain) = cuts[best] else { break }
            removed.append(gain)
            boxes[best] = lower
            cuts[best] = cut(lower)
            boxes.append(upper)
            cuts.append(cut(upper))
        }
        return (boxes, removed)
    }

    /// The mean colour of the pixels in `box`, rounded.
    func mean(of box: Box) -> RGB {
        let v = volume(box)
        let w = UInt64(v[0])
        guard w > 0 else { return RGB(0, 0, 0) }
        func average(_ sum: UInt32) -> UInt8 { UInt8((UInt64(sum) + w / 2) / w) }
        return RGB(average(v[1]), average(v[2]), average(v[3]))
    }
}
