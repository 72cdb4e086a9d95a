/// Where `JPEGDCScan`'s second thread should start guessing so that both threads finish together.
///
/// Reading a block costs far more than reading a byte (a smooth picture has many blocks per
/// byte), so a split by bytes alone left one thread idle for a good part of the read
/// (BENCHMARKS.md, "Figures behind the code's comments").
/// So the data is sampled: at a few places, a short run of blocks is read as if one began there
/// (after enough blocks for the Huffman codes to have resynchronised) to see how many bits a block
/// takes there. That gives each slice of the data an estimated cost, and the split is the point
/// where the first thread's reading up to it, plus its writing of the second part's samples,
/// costs what the second thread's reading of the rest does.
///
/// Any split gives the same, exact picture (see `JPEGDCScan`); a poor estimate only costs time.
struct JPEGScanSplit {
    /// Places sampled, one in the middle of each equal slice of the data. Many short samples, not
    /// a few long ones: a picture's texture changes within a slice, so one long window misjudged
    /// its slice's blocks several times over, and 64 short windows balanced the threads more
    /// closely than 32 long ones (BENCHMARKS.md).
    static let slices = 64
    /// Blocks read and thrown away at each place before measuring, for the codes to resynchronise.
    static let settleBlocks = 24
    /// Blocks measured at each place.
    static let sampledBlocks = 48
    /// A block's reading cost in units of a data byte's: the ratio of the two measured costs
    /// (BENCHMARKS.md).
    static let blockCost = 3.6
    /// The first thread's writing of a block the second thread read, in units of a data byte's
    /// reading cost (about a fifth of reading the block).
    static let writeCost = 1.2

    /// Per slice: its data bytes and its estimated blocks.
    private(set) var bytes: [Double] = []
    private(set) var blocks: [Double] = []

    /// Slices with these data bytes and estimated blocks.
    init(bytes: [Double], blocks: [Double]) {
        self.bytes = bytes
        self.blocks = blocks
    }

    /// Samples the data of `stream` with a copy of `reader`; nil when no sample can be read
    /// (damaged data), for the caller to fall back to a fixed split.
    init?(_ stream: EntropyStream, reader: JPEGBlockReader, places: UnsafePointer<JPEGDCScan.BlockPlace>,
          blocksPerMCU: Int, blocks source: JPEGDCScan.BlockSource) {
        var reader = reader
        // The scan's data bytes, not the file's tail after it (stuffing, a tiny share, is not
        // counted).
        let sliceBytes = stream.logicalCount / Self.slices
        guard sliceBytes > 0 else { return nil }
        var measured: [Double?] = []
        for slice in 0..<Self.slices {
            // A guess meets bit patterns that are no code until it reads real block starts at its
            // real place in the MCU (read at another place, a block uses another component's
            // tables): try the next bytes and every place.
            // Within the stored bytes: a short scan's last windows reach past them (found by fuzzing).
            let middle = max(1, slice * sliceBytes + sliceBytes / 2)
            let starts = (middle..<max(middle, min(middle + 8, stream.count))).lazy.flatMap { start in (0..<blocksPerMCU).lazy.map { (start, $0) } }
            measured.append(starts.compactMap { start, place in
                Self.bitsPerBlock(from: start, place: place, stream, &reader, places, blocksPerMCU, source)
            }.first)
        }
        // A slice no sample could read counts as the average of the others.
        let known = measured.compactMap { $0 }
        guard !known.isEmpty else { return nil }
        let average = known.reduce(0, +) / Double(known.count)
        bytes = Array(repeating: Double(sliceBytes), count: Self.slices)
        blocks = measured.map { Double(sliceBytes) * 8 / ($0 ?? average) }
    }

    /// Bits a block takes after `settleBlocks` blocks read from raw byte `start` as if its first
    /// block were at `place` in the MCU, or nil.
    private static func bitsPerBlock(from start: Int, place first: Int, _ stream: EntropyStream,
                                     _ reader: inout JPEGBlockReader, _ places: UnsafePointer<JPEGDCScan.BlockPlace>,
                                     _ blocksPerMCU: Int, _ source: JPEGDCScan.BlockSource) -> Double? {
        // Never the 0x00 of a stuffed 0xFF. The logical position is wrong but only differences count.
        guard stream.bytes[start - 1] != 0xFF else { return nil }
        reader.seek(raw: start, bit: 0)
        var place = first, measuredFrom = 0
        for n in 0..<(settleBlocks + sampledBlocks) {
            if n == settleBlocks { measuredFrom = reader.position }
            let terms = places[place].isReduced ? source.terms : nil
            guard source.read(&reader, component: places[place].component, terms: terms) != JPEGBlockReader.failed
            else { return nil }
            place = place + 1 == blocksPerMCU ? 0 : place + 1
        }
        return Double(max(1, reader.position - measuredFrom)) / Double(sampledBlocks)
    }

    /// The raw byte of the sampled stream where the second thread should start.
    var balancedByte: Int {
        let costs = zip(bytes, blocks).map { $0 + Self.blockCost * $1 }
        let total = costs.reduce(0, +), allBlocks = blocks.reduce(0, +)
        // The first thread's work minus the second's, at the start of slice i and at a fraction of it.
        var before = 0.0, blocksBefore = 0.0, at = 0.0
        for (slice, cost) in costs.enumerated() {
            let imbalance = { (cost: Double, blocks: Double) -> Double in
                (before + cost) + Self.writeCost * (allBlocks - blocksBefore - blocks) - (total - before - cost)
            }
            let endOfSlice = imbalance(cost, blocks[slice])
            if endOfSlice >= 0 {
                // The work changes linearly inside the slice: find where it balances.
                let startOfSlice = imbalance(0, 0)
                let fraction = startOfSlice >= 0 ? 0 : -startOfSlice / (endOfSlice - startOfSlice)
                return Int(at + fraction * bytes[slice])
            }
            before += cost
            blocksBefore += blocks[slice]
            at += bytes[slice]
        }
        return Int(at)
    }
}
