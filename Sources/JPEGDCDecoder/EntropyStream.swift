import Glibc

/// Where a scan's entropy-coded bytes are, read in place: the stuffing (0xFF 0x00 for a data
/// byte 0xFF) is skipped as `JPEGBlockReader` reads, so no de-stuffed copy is made (for a large
/// photo that copy was megabytes of fresh pages, their page faults a measurable part of the
/// decode: BENCHMARKS.md).
///
/// Positions come in two kinds: raw (an index into the scan's bytes as stored) and logical (bits
/// of data before a point, stuffing and markers not counted). Decoders compare and bound logical
/// positions, which are the same whichever raw byte a read started from.
struct EntropyStream {
    /// The scan's bytes from its first entropy-coded byte on, to the end of the file.
    let bytes: UnsafePointer<UInt8>
    let count: Int
    /// Each restart interval's first raw byte and the data bytes before it.
    let segments: [(raw: Int, logical: Int)]
    /// Whether the restart markers between the intervals count 0, 1, …, 7, 0, … as they must; a
    /// marker out of sequence is damage that libjpeg-turbo resynchronises around in its own way.
    let restartsInSequence: Bool
    /// Data bytes in the whole scan.
    let logicalCount: Int

    /// The scan starting at `start`, up to the marker that ends it; nil when the data ends first
    /// (a truncated file) or another marker than the end of the image (EOI) ends it: anything
    /// after the scan (a DNL, another scan, junk) is for libjpeg-turbo to judge. `data` must
    /// outlive the stream.
    init?(_ data: UnsafeBufferPointer<UInt8>, from start: Int) {
        guard let base = data.baseAddress, start <= data.count else { return nil }
        bytes = base + start
        count = data.count - start
        var segments = [(raw: 0, logical: 0)]
        var stuffed = 0, i = 0
        var end: Int?
        var inSequence = true
        while i < count {
            // Markers and stuffing are rare: jump to the next 0xFF.
            guard let found = memchr(bytes + i, 0xFF, count - i) else { break }
            i = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes
            guard i + 1 < count else { break }
            let next = bytes[i + 1]
            if next == 0x00 {
                stuffed += 1
                i += 2
            } else if next == 0xFF {
                stuffed += 1  // a fill byte: not data either
                i += 1
            } else if (0xD0...0xD7).contains(next) {
                if Int(next - 0xD0) != (segments.count - 1) % 8 { inSequence = false }
                stuffed += 2
                segments.append((raw: i + 2, logical: i + 2 - stuffed))
                i += 2
            } else {
                end = i
                break
            }
        }
        guard let end, bytes[end + 1] == 0xD9 else { return nil }
        self.segments = segments
        restartsInSequence = inSequence
        logicalCount = end - stuffed
    }

    /// The first raw byte at or after `raw` that starts a data byte (not the 0x00 of a stuffed
    /// pair), and the data bytes before it. Only for scans without restart markers.
    func dataByte(atOrAfter raw: Int) -> (raw: Int, logical: Int) {
        let raw = raw > 0 && bytes[raw - 1] == 0xFF ? raw + 1 : raw
        var stuffed = 0, i = 0
        while i < raw, let found = memchr(bytes + i, 0xFF, raw - i) {
            i = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes + 2
            if i <= raw { stuffed += 1 }
        }
        return (raw, raw - stuffed)
    }
}
