import Glibc

/// A scan's entropy-coded bytes with the stuffing taken out (0xFF 0x00 back to 0xFF), split at
/// its restart markers, and padded with zeros so a decoder may read well past the end.
struct EntropyStream {
    /// Enough zero bytes after the data for one block of the worst case to be read past the end
    /// (64 codes of at most 31 bits) before the decoder notices.
    static let padding = 512

    let bytes: [UInt8]
    /// Where each restart interval's bytes start and end in `bytes`.
    let segmentStarts: [Int]
    let segmentEnds: [Int]

    /// The scan starting at `start`, up to the marker that ends it; nil when the data ends first
    /// (a truncated file).
    init?(_ data: UnsafeBufferPointer<UInt8>, from start: Int) {
        guard let base = data.baseAddress, start <= data.count else { return nil }
        var segmentStarts = [0], segmentEnds: [Int] = []
        var ended = false
        var count = 0
        // Not zero-filled first: only the padding needs zeros, and the rest is written over.
        let bytes = [UInt8](unsafeUninitializedCapacity: data.count - start + Self.padding) { out, initialized in
            var written = 0, i = start
            while i < data.count {
                // Copy up to the next 0xFF in one go: markers and stuffing are rare.
                let rest = data.count - i
                let found = memchr(base + i, 0xFF, rest)
                let run = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - (base + i) } ?? rest
                (out.baseAddress! + written).update(from: base + i, count: run)
                written += run
                i += run
                guard i + 1 < data.count else { break }
                let next = data[i + 1]
                if next == 0x00 {
                    out[written] = 0xFF
                    written += 1
                    i += 2
                } else if next == 0xFF {
                    i += 1  // fill byte
                } else if (0xD0...0xD7).contains(next) {
                    segmentEnds.append(written)
                    segmentStarts.append(written)
                    i += 2
                } else {
                    ended = true
                    break
                }
            }
            (out.baseAddress! + written).initialize(repeating: 0, count: Self.padding)
            initialized = written + Self.padding
            count = written
        }
        guard ended else { return nil }
        segmentEnds.append(count)
        self.bytes = bytes
        self.segmentStarts = segmentStarts
        self.segmentEnds = segmentEnds
    }
}
