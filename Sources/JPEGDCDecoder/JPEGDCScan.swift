import Glibc
import Synchronization

/// Decodes the DC coefficients of a whole baseline scan into per-component planes of samples,
/// on two threads when the scan is large.
///
/// Huffman-coded data cannot be split where one likes: a block's start is only known once every
/// block before it was read. So the second thread guesses. It starts reading part-way into the
/// data (`JPEGScanSplit`) as if a block began there, keeping every block's DC difference and, for
/// its first few thousand blocks, the bit where each began. Its first blocks are garbage, but
/// Huffman codes resynchronise quickly: soon it is reading real block boundaries. The first thread
/// reads from the start as usual; past that point it compares each of its block starts with the
/// second thread's.
/// Equal bit and equal place in the MCU mean the two decodes are identical from there on (what is
/// read depends on nothing else), so the first thread stops and the second thread's differences,
/// summed from the first thread's predictions, give the rest of the picture: exactly the
/// sequential result. Without a match the first thread simply reads to the end.
enum JPEGDCScan {
    /// Scans with fewer blocks are read on one thread: a thread costs more than it saves.
    static let parallelBlocks = 1 << 16
    /// Where the guessing thread starts when the data could not be sampled, in percent of the
    /// data. Not half: the first thread also writes the samples of the second part (as the guess
    /// publishes them), which costs about a fifth of reading them.
    static let splitPercent = 42
    /// How many block starts of the guessing thread are kept for the match.
    static let recordedStarts = 4096

    /// The planes, or nil for a stream this decoder does not vouch for: damaged, cut short, or
    /// anything libjpeg-turbo would read differently (a restart marker where the interval says
    /// none, out of sequence or after too few or too many blocks; data left over after the last
    /// block; a sample libjpeg-turbo's range limiting would wrap rather than clamp).
    /// - Parameters:
    ///   - parallelFrom: scans of at least this many blocks are read on two threads (when
    ///     `parallel`); lower only to test the second thread on small pictures.
    ///   - report: told how the first thread's read ended when a second thread guessed.
    static func decode(_ header: JPEGBaselineHeader, _ stream: EntropyStream, parallel: Bool = true,
                       parallelFrom: Int = parallelBlocks,
                       report: (Outcome) -> Void = { _ in }) -> JPEGEighthDecoder.Planes? {
        let layout = Layout(header)
        guard restartsFit(header, stream, layout) else { return nil }
        let tables = JPEGScanTables(header)
        var samples = [UInt8](unsafeUninitializedCapacity: layout.sampleCount) { $1 = $0.count }
        var predictions = [Int](repeating: 0, count: header.components.count)
        let ok = samples.withUnsafeMutableBufferPointer { samples -> Bool in
        predictions.withUnsafeMutableBufferPointer { predictions -> Bool in
        layout.places.withUnsafeBufferPointer { places -> Bool in
        layout.scale.withUnsafeBufferPointer { scale -> Bool in
        layout.quantizers.withUnsafeBufferPointer { quantizers -> Bool in
            guard let samples = samples.baseAddress,
                  let predictions = predictions.baseAddress, let places = places.baseAddress,
                  let scale = scale.baseAddress, let quantizers = quantizers.baseAddress else { return false }
            let blocks = BlockSource(quantizers: quantizers)
            defer { blocks.deallocate() }
            var writer = SampleWriter(layout: layout, places: places, scale: scale, samples: samples,
                                      predictions: predictions)
            var reader = JPEGBlockReader(stream: stream, tables: tables)
            let end = stream.logicalCount * 8
            let read: Bool
            if parallel && header.restartInterval == 0 && layout.blockCount >= parallelFrom,
               let guess = Speculation(layout: layout, stream: stream, reader: reader, quantizers: quantizers, endBit: end) {
                // The thread reads the caller's bytes: it has ended before they can go away,
                // whichever way this returns.
                defer { guess.stop() }
                let outcome = run(&reader, &writer, blocks, layout: layout, restartInterval: 0, endBit: end,
                                  block: 0, matching: guess)
                report(outcome)
                switch outcome {
                case .finished, .failed:
                    read = outcome == .finished
                case .matched(let block, let record):
                    // Written as the guess publishes its blocks, while it still reads the rest.
                    switch guess.complete(from: record, block: block, into: &writer) {
                    case .endsAtData: read = true
                    case .stopsElsewhere: read = false
                    case .short:
                        // The guess stopped short (damaged data after the match): read on alone.
                        read = run(&reader, &writer, blocks, layout: layout, restartInterval: 0, endBit: end,
                                   block: block, matching: nil) == .finished
                    }
                }
            } else {
                read = run(&reader, &writer, blocks, layout: layout, restartInterval: header.restartInterval,
                           endBit: end, block: 0, matching: nil, segments: stream.segments) == .finished
            }
            return read && !writer.outOfRange
        }}}}}
        return ok ? JPEGEighthDecoder.Planes(offsets: layout.offsets, widths: layout.widths, samples: samples) : nil
    }

    /// Whether the restart markers are the ones the interval calls for: none without an
    /// interval, else one between each two intervals, numbered in sequence. libjpeg-turbo reads
    /// any other arrangement with warnings and a picture of its own making.
    private static func restartsFit(_ header: JPEGBaselineHeader, _ stream: EntropyStream, _ layout: Layout) -> Bool {
        guard header.restartInterval > 0 else { return stream.segments.count == 1 }
        let mcus = layout.mcusWide * layout.mcusHigh
        let intervals = (mcus + header.restartInterval - 1) / header.restartInterval
        return stream.restartsInSequence && stream.segments.count == intervals
    }

    /// Where the second thread starts: balanced by sampling (`JPEGScanSplit`), or at
    /// `splitPercent` of the data if a sample could not be read.
    private static func splitByte(_ stream: EntropyStream, _ reader: JPEGBlockReader, blocksPerMCU: Int,
                                  _ places: UnsafePointer<BlockPlace>, _ blocks: BlockSource) -> Int {
        let split = JPEGScanSplit(stream, reader: reader, places: places, blocksPerMCU: blocksPerMCU, blocks: blocks)
        return split?.balancedByte ?? stream.logicalCount / 100 * splitPercent
    }

    /// MCU geometry and where each block of an MCU goes.
    struct Layout {
        let mcusWide: Int
        let mcusHigh: Int
        /// Per component: its plane's offset in the samples and its width in blocks.
        let offsets: [Int]
        let widths: [Int]
        let sampleCount: Int
        /// The blocks of one MCU in coding order.
        let places: [BlockPlace]
        /// Per component: the DC quantiser, and the whole table (64 entries, natural order).
        let scale: [Int]
        let quantizers: [Int32]

        var blocksPerMCU: Int { places.count }
        var blockCount: Int { mcusWide * mcusHigh * places.count }

        init(_ header: JPEGBaselineHeader) {
            let components = header.components
            let maxH = header.maxHorizontal, maxV = header.maxVertical
            // A scan of one component is coded block by block (its "MCU" is one block).
            let interleaved = components.count > 1
            mcusWide = interleaved ? (header.width + 8 * maxH - 1) / (8 * maxH) : (header.width + 7) / 8
            mcusHigh = interleaved ? (header.height + 8 * maxV - 1) / (8 * maxV) : (header.height + 7) / 8
            let mcusWide = mcusWide, mcusHigh = mcusHigh
            widths = components.map { mcusWide * $0.horizontal * $0.reducedSize }
            let sizes = components.map { mcusWide * $0.horizontal * mcusHigh * $0.vertical * $0.reducedSize * $0.reducedSize }
            offsets = sizes.indices.map { sizes[..<$0].reduce(0, +) }
            sampleCount = sizes.reduce(0, +)
            var places: [BlockPlace] = []
            for (c, component) in components.enumerated() {
                let size = component.reducedSize
                for y in 0..<component.vertical {
                    for x in 0..<component.horizontal {
                        places.append(BlockPlace(component: c, offset: offsets[c] + size * (y * widths[c] + x),
                                                 stepX: size * component.horizontal,
                                                 stepY: size * component.vertical * widths[c],
                                                 rowStride: size == 2 ? widths[c] : 0))
                    }
                }
            }
            self.places = places
            scale = components.map { $0.quantizers[0] }
            quantizers = components.flatMap { $0.quantizers.map { Int32($0) } }
        }
    }

    /// Where one block of an MCU goes: its component, its offset from the MCU's first block in
    /// that component's plane, and how far that plane moves per MCU along x and y.
    struct BlockPlace {
        let component: Int
        let offset: Int
        let stepX: Int
        let stepY: Int
        /// For a block that becomes 2x2 pixels (`reducedSize` 2): its plane's width; else 0.
        let rowStride: Int

        var isReduced: Bool { rowStride != 0 }
    }

    /// Block-by-block position in the picture and the DC predictions, writing each block's sample.
    struct SampleWriter {
        private let blocksPerMCU: Int
        private let mcusWide: Int
        let blockCount: Int
        private let places: UnsafePointer<BlockPlace>
        private let scale: UnsafePointer<Int>
        let samples: UnsafeMutablePointer<UInt8>
        let predictions: UnsafeMutablePointer<Int>
        /// The next block: its number, its place in its MCU, its MCU's column and row.
        private(set) var block = 0
        private(set) var place = 0
        private(set) var mcuX = 0
        private(set) var mcuY = 0

        /// Over the layout's `places` and `scale`, which the caller keeps alive.
        init(layout: Layout, places: UnsafePointer<BlockPlace>, scale: UnsafePointer<Int>,
             samples: UnsafeMutablePointer<UInt8>, predictions: UnsafeMutablePointer<Int>) {
            blocksPerMCU = layout.blocksPerMCU
            mcusWide = layout.mcusWide
            blockCount = layout.blockCount
            self.places = places
            self.scale = scale
            self.samples = samples
            self.predictions = predictions
        }

        /// Set once a sample fell outside what libjpeg-turbo's range limit clamps (it wraps
        /// further out), so the picture is not libjpeg-turbo's.
        private(set) var outOfRange = false

        var isFinished: Bool { block >= blockCount }
        var component: Int { places[place].component }

        mutating func move(toBlock n: Int) {
            block = n
            place = n % blocksPerMCU
            let mcu = n / blocksPerMCU
            mcuX = mcu % mcusWide
            mcuY = mcu / mcusWide
        }

        /// Whether the next block becomes 2x2 pixels (read with `lowFrequencyBlock`).
        var isReduced: Bool { places[place].isReduced }

        /// Adds the next block's DC difference to its component's prediction and stores its
        /// sample as libjpeg-turbo's 1x1 IDCT rounds it (DESCALE by 3, then +128, clamped), or its
        /// 2x2 samples from `terms` for a block that becomes 2x2 pixels.
        @inline(__always) mutating func write(difference: Int, terms: UnsafePointer<Int32>? = nil) {
            let spot = places[place]
            let c = spot.component
            predictions[c] &+= difference
            let at = spot.offset &+ mcuX &* spot.stepX &+ mcuY &* spot.stepY
            if let terms {
                let pixels = LowFrequencyTerms.pixels(dc: predictions[c] &* scale[c], terms, outOfRange: &outOfRange)
                samples[at] = pixels.0
                samples[at &+ 1] = pixels.1
                samples[at &+ spot.rowStride] = pixels.2
                samples[at &+ spot.rowStride &+ 1] = pixels.3
            } else {
                let mean = (predictions[c] &* scale[c] &+ 4) &>> 3
                samples[at] = LowFrequencyTerms.rangeLimited(mean, outOfRange: &outOfRange)
            }
            block &+= 1
            place &+= 1
            if place == blocksPerMCU {
                place = 0
                mcuX &+= 1
                if mcuX == mcusWide { mcuX = 0; mcuY &+= 1 }
            }
        }
    }

    enum Outcome: Equatable {
        case finished, failed
        /// Block `block` starts where the guess's block `record` does, at the same place in its MCU.
        case matched(block: Int, record: Int)
    }

    /// Reads blocks from block number `first` to the end (or a failure, or a match with the guess).
    /// `.finished` only when the last block ends the data (and each restart interval its own):
    /// what is left over is padding, not more data.
    private static func run(_ reader: inout JPEGBlockReader, _ writer: inout SampleWriter, _ blocks: BlockSource,
                            layout: Layout,
                            restartInterval: Int, endBit: Int, block first: Int, matching guess: Speculation?,
                            segments: [(raw: Int, logical: Int)] = []) -> Outcome {
        writer.move(toBlock: first)
        var segment = 0
        var untilRestart = restartInterval
        var record = 0
        // Where the guess starts and its first block starts, once it has them (it works them out
        // on its own thread while this one reads).
        var matchFrom = Int.max, starts: [Int] = []
        var awaitingGuess = guess != nil
        let anyReduced = layout.places.contains(where: \.isReduced)
        while !writer.isFinished {
            if awaitingGuess && writer.block & (guessPolling - 1) == 0, let guess {
                switch guess.preparation {
                case .pending: break
                case .failed: awaitingGuess = false
                case .ready:
                    (matchFrom, starts) = (guess.fromBit, guess.starts)
                    awaitingGuess = false
                }
            }
            var stretch = writer.blockCount - writer.block
            if awaitingGuess { stretch = min(stretch, guessPolling - writer.block & (guessPolling - 1)) }
            if restartInterval > 0 && writer.place == 0 {
                if untilRestart == 0 {
                    // Each interval starts on a byte of its own, with predictions back at zero;
                    // the one before it must have ended in its last byte (what is left is padding).
                    segment += 1
                    guard segment < segments.count, reader.endsAt(bit: segments[segment].logical * 8)
                    else { return .failed }
                    reader.seek(raw: segments[segment].raw, bit: segments[segment].logical * 8)
                    writer.predictions.update(repeating: 0, count: layout.scale.count)
                    untilRestart = restartInterval
                }
                untilRestart -= 1
            }
            if restartInterval > 0 { stretch = min(stretch, layout.blocksPerMCU - writer.place) }
            // Past where the guess began, each block's start is looked for among the guess's.
            var stopBit = Int.max
            if record < starts.count {
                stopBit = matchFrom
                if reader.position >= matchFrom {
                    while record < starts.count && starts[record] < reader.position { record += 1 }
                    if record < starts.count && starts[record] == reader.position
                        && record % layout.blocksPerMCU == writer.place {
                        return .matched(block: writer.block, record: record)
                    }
                    stretch = 1
                }
            }
            let read = anyReduced
                ? readStretch(&reader, &writer, blocks, count: stretch, stopBit: stopBit, anyReduced: true)
                : readStretch(&reader, &writer, blocks, count: stretch, stopBit: stopBit, anyReduced: false)
            guard read, reader.position <= endBit else { return .failed }
        }
        return reader.endsAt(bit: endBit) ? .finished : .failed
    }

    /// How often (in blocks, a power of two) the first thread looks whether the guess is ready.
    private static let guessPolling = 1024

    /// Reads up to `count` blocks, nothing checked between them but a failed read, and stops
    /// early after a block that ends at or past `stopBit`. False when a block could not be read.
    /// Called with `anyReduced` constant, it is made twice: the loop of a picture with no blocks
    /// that become 2x2 pixels asks nothing of each block's place but its component.
    @inline(always)
    private static func readStretch(_ reader: inout JPEGBlockReader, _ writer: inout SampleWriter, _ blocks: BlockSource,
                                    count: Int, stopBit: Int, anyReduced: Bool) -> Bool {
        let end = writer.block &+ count
        while writer.block < end {
            if anyReduced && writer.isReduced {
                let difference = blocks.read(&reader, component: writer.component, terms: blocks.terms)
                guard difference != JPEGBlockReader.failed else { return false }
                writer.write(difference: difference, terms: blocks.terms)
            } else {
                let difference = reader.block(component: writer.component)
                guard difference != JPEGBlockReader.failed else { return false }
                writer.write(difference: difference)
            }
            if reader.position >= stopBit { break }
        }
        return true
    }

    /// Reads a block the way its place needs: the DC alone, or with the terms of a 2x2 IDCT.
    struct BlockSource {
        let quantizers: UnsafePointer<Int32>
        /// 64 coefficients of scratch (all zero between blocks), then 4 terms.
        private let work = UnsafeMutablePointer<Int32>.allocate(capacity: 68)
        var terms: UnsafeMutablePointer<Int32> { work + 64 }

        init(quantizers: UnsafePointer<Int32>) {
            self.quantizers = quantizers
            work.initialize(repeating: 0, count: 68)
        }

        func deallocate() { work.deallocate() }

        /// The DC difference (or `failed`); with `terms`, the block's 2x2 terms are written there.
        @inline(__always) func read(_ reader: inout JPEGBlockReader, component c: Int,
                                    terms: UnsafeMutablePointer<Int32>?) -> Int {
            guard let terms else { return reader.block(component: c) }
            return reader.lowFrequencyBlock(component: c, quantizers: quantizers + 64 &* c, scratch: work, terms: terms)
        }
    }

    /// The guessing read from the middle of the data, on a thread of its own: it picks where to
    /// start (sampling the data), records its first block starts, says it is `ready`, then reads
    /// on, while the first thread already reads from the start (doing that work first on the
    /// calling thread was serial time in every large photo's decode: BENCHMARKS.md).
    final class Speculation: @unchecked Sendable {
        enum Preparation: Int { case pending, ready, failed }

        /// Where the guess started and its first blocks' starts: set before `ready`, read after.
        private(set) var fromBit = Int.max
        private(set) var starts: [Int] = []
        private var reader: JPEGBlockReader
        private let stream: EntropyStream
        private let prepared = Atomic<Int>(Preparation.pending.rawValue)
        /// Set when the first thread no longer needs the guess: it stops reading.
        private let cancelled = Atomic<Bool>(false)
        private let endBit: Int
        private let places: [BlockPlace]
        private let blocks: BlockSource
        private let quantizers: UnsafeMutablePointer<Int32>
        private let differences: UnsafeMutablePointer<Int16>
        private let capacity: Int
        private var count = 0
        /// The blocks the thread read that end within the data, and where the last of them ends:
        /// the guess reads on past the data's end (padding, then zeros), so its count alone does
        /// not say where the data's blocks stop.
        private var blocksInData = 0
        private var dataEnd = 0
        /// How many blocks' differences (and terms) the thread has written, and whether it has
        /// stopped, for `complete` to follow while the thread still reads.
        private let published = Atomic<Int>(0)
        private let stopped = Atomic<Bool>(false)
        /// Blocks the thread reads between two publications.
        private static let publishEvery = 2048
        /// Four terms per block that becomes 2x2 pixels, in reading order.
        private let terms: UnsafeMutablePointer<Int32>
        private var termCount = 0
        private var thread: pthread_t?

        /// Starts the guessing thread; nil when no thread can be made. `stream` must outlive it.
        init?(layout: Layout, stream: EntropyStream, reader: JPEGBlockReader, quantizers: UnsafePointer<Int32>,
              endBit: Int) {
            self.reader = reader
            self.stream = stream
            self.endBit = endBit
            places = layout.places
            capacity = layout.blockCount
            differences = .allocate(capacity: capacity)
            let reducedPerMCU = places.filter(\.isReduced).count
            terms = .allocate(capacity: 4 * (capacity / places.count + 1) * reducedPerMCU)
            self.quantizers = .allocate(capacity: layout.quantizers.count)
            self.quantizers.initialize(from: quantizers, count: layout.quantizers.count)
            blocks = BlockSource(quantizers: self.quantizers)
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { context in
                let guess = Unmanaged<Speculation>.fromOpaque(context!).takeUnretainedValue()
                Speculation.nameThisThread(Speculation.threadName)
                if guess.prepare() {
                    guess.prepared.store(Preparation.ready.rawValue, ordering: .releasing)
                    _ = guess.read(recordingStarts: false)
                } else {
                    guess.prepared.store(Preparation.failed.rawValue, ordering: .releasing)
                }
                // Named done before it says it stopped: a thread the kernel is still ending after
                // its join shows in /proc for a moment, under this name.
                Speculation.nameThisThread(Speculation.endedThreadName)
                guess.published.store(guess.count, ordering: .releasing)
                guess.stopped.store(true, ordering: .releasing)
                return nil
            }, Unmanaged.passUnretained(self).toOpaque())
            guard started == 0 else { return nil }
            self.thread = thread
        }

        /// The name the guessing thread has while it reads (`top -H`, a debugger, and the test that
        /// checks none is left reading once `decode` returns), and once it has read its last.
        static let threadName = "jpeg-guess"
        static let endedThreadName = "jpeg-guessed"

        /// Names the calling thread `name` (`pthread_setname_np` is hidden from Swift behind
        /// `_GNU_SOURCE`; the kernel's own file for it says the same).
        static func nameThisThread(_ name: String) {
            let file = open("/proc/thread-self/comm", O_WRONLY)
            guard file >= 0 else { return }
            _ = name.withCString { write(file, $0, strlen($0)) }
            close(file)
        }

        /// Picks the start and records the first block starts; false when the guess failed at once.
        private func prepare() -> Bool {
            let split = places.withUnsafeBufferPointer { places in
                JPEGDCScan.splitByte(stream, reader, blocksPerMCU: places.count, places.baseAddress!, blocks)
            }
            let start = stream.dataByte(atOrAfter: split)
            fromBit = start.logical * 8
            reader.seek(raw: start.raw, bit: fromBit)
            starts.reserveCapacity(JPEGDCScan.recordedStarts)
            return read(recordingStarts: true)
        }

        /// Whether `fromBit` and `starts` can be read yet (acquiring what the thread wrote).
        var preparation: Preparation {
            Preparation(rawValue: prepared.load(ordering: .acquiring)) ?? .failed
        }

        /// Tells the thread to stop reading and waits for it to end.
        func stop() {
            cancelled.store(true, ordering: .relaxed)
            wait()
        }

        deinit {
            wait()
            differences.deallocate()
            terms.deallocate()
            quantizers.deallocate()
            blocks.deallocate()
        }

        /// Reads on until the data ends (or, while recording, until enough starts are kept);
        /// false when it met a bit pattern that is no code.
        private func read(recordingStarts: Bool) -> Bool {
            // Locals, not properties, in the loop: a class's stored properties would be written
            // back to memory at every step.
            var reader = self.reader, count = self.count, termCount = self.termCount
            var blocksInData = self.blocksInData, dataEnd = self.dataEnd
            var place = count % places.count
            defer {
                (self.reader, self.count, self.termCount) = (reader, count, termCount)
                (self.blocksInData, self.dataEnd) = (blocksInData, dataEnd)
            }
            return places.withUnsafeBufferPointer { places in
                while reader.position < endBit && count < capacity {
                    if recordingStarts {
                        guard starts.count < JPEGDCScan.recordedStarts else { return true }
                        starts.append(reader.position)
                    }
                    let spot = places[place]
                    let blockTerms = spot.isReduced ? terms + 4 &* termCount : nil
                    let difference = blocks.read(&reader, component: spot.component, terms: blockTerms)
                    guard difference != JPEGBlockReader.failed else { return false }
                    differences[count] = Int16(truncatingIfNeeded: difference)
                    count &+= 1
                    if reader.position <= endBit { (blocksInData, dataEnd) = (count, reader.position) }
                    if spot.isReduced { termCount &+= 1 }
                    if count % Self.publishEvery == 0 && !recordingStarts {
                        published.store(count, ordering: .releasing)
                        if cancelled.load(ordering: .relaxed) { return true }
                    }
                    place &+= 1
                    if place == places.count { place = 0 }
                }
                return true
            }
        }

        /// Waits for the thread to finish.
        func wait() {
            guard let thread else { return }
            pthread_join(thread, nil)
            self.thread = nil
        }

        /// How the guess's records served the rest of the picture.
        enum Completion {
            /// Every remaining block came from the guess, and its last one ends the data.
            case endsAtData
            /// Every remaining block came from the guess, but the data goes on (or stopped
            /// short) after the last one: not a picture libjpeg-turbo reads the same way.
            case stopsElsewhere
            /// The guess stopped before the picture's last block.
            case short
        }

        /// Writes the blocks from `block` on from the guess's records from `record` on, as the
        /// thread publishes them, then waits for it.
        func complete(from record: Int, block: Int, into writer: inout SampleWriter) -> Completion {
            let filled = fill(from: record, block: block, into: &writer)
            wait()
            guard filled else { return .short }
            // The picture's last block must be the data's: the last the guess read within it,
            // with nothing but padding after it.
            let needed = record + writer.blockCount - block
            return blocksInData == needed && dataEnd > endBit - 8 ? .endsAtData : .stopsElsewhere
        }

        /// The guess's records from `record` on into `writer` from `block`, as they are
        /// published; false when the thread ended before the picture did.
        private func fill(from record: Int, block: Int, into writer: inout SampleWriter) -> Bool {
            writer.move(toBlock: block)
            // The guess's blocks that became 2x2 pixels before `record`, to find its terms.
            let reducedPerMCU = places.filter(\.isReduced).count
            var termIndex = record / places.count * reducedPerMCU
                + places[..<(record % places.count)].filter(\.isReduced).count
            var index = record
            while !writer.isFinished {
                // `stopped` first: once it is seen, `published` is final.
                let ended = stopped.load(ordering: .acquiring)
                let ready = published.load(ordering: .acquiring)
                if index >= ready {
                    if ended { return false }
                    sched_yield()
                    continue
                }
                while index < ready && !writer.isFinished {
                    if writer.isReduced {
                        writer.write(difference: Int(differences[index]), terms: terms + 4 * termIndex)
                        termIndex += 1
                    } else {
                        writer.write(difference: Int(differences[index]))
                    }
                    index += 1
                }
            }
            return true
        }
    }
}
