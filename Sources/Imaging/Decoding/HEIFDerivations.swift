/// The 'dimg' references of a HEIF file (an image derived from others: a grid's tiles, an
/// overlay's layers), read from its `meta` box's `iref` without libheif, which must not be given a
/// file whose derivations loop back: libheif 1.15 decodes a grid made of itself over and over, a
/// thread for each tile (a fuzzed file of 800 bytes started threads until 2.4 GB were used), or
/// overflows its stack with one decoding thread.
enum HEIFDerivations {
    /// At most this many boxes are looked at on each level, and this many references followed:
    /// a real file has a handful of boxes and a grid at most some hundreds of tiles.
    static let maxBoxes = 1024
    static let maxReferences = 1 << 16

    /// Why libheif must not be given this file, or nil: an image derived, through 'dimg'
    /// references, from itself; or one derived from more tiles than the file could code (at least
    /// `minBytesPerTile` each), or than any real grid has (`maxTiles`): libheif parses and decodes
    /// every one, a 824 KB file of 19,600 tiles took 65 s and 889 MB. A file whose boxes cannot
    /// be read is not judged here (libheif reports its damage).
    static func refusal(in data: UnsafeBufferPointer<UInt8>) -> String? {
        let items = itemCount(in: data)
        if items > maxItems { return "\(items) items, more than a real file has" }
        let derivedFrom = references(in: data)
        if hasCycle(derivedFrom) { return "an image made of itself" }
        let tiles = derivedFrom.values.map(\.count).max() ?? 0
        guard tiles > maxTiles || tiles * minBytesPerTile > data.count else { return nil }
        return "an image of \(tiles) tiles in \(max(1, data.count >> 10)) KB, more than a real one has"
    }

    /// A grid's tiles are coded pictures of their own: even a flat one takes more than this.
    static let minBytesPerTile = 256
    /// A 100-megapixel picture in tiles of 256 x 256 has about 1,500.
    static let maxTiles = 4096

    /// libheif's parse of a file's items takes time that grows with their square (8,000 items
    /// of no use took 2.8 s, 19,000 took 16.6 s): a grid of `maxTiles` has a few more than its tiles.
    static let maxItems = maxTiles + 1024

    /// The most items the `meta` box's `iinf` or `iloc` says it lists (their counts, not the
    /// entries: libheif reads as many as the count says); 0 when there is no such box.
    static func itemCount(in data: UnsafeBufferPointer<UInt8>) -> Int {
        let reader = BoxReader(data: data)
        guard let meta = reader.boxes(from: 0, to: data.count).first(where: { $0.type == "meta" }) else { return 0 }
        var most = 0
        for box in reader.children(of: meta) {
            let start = box.content.lowerBound, version = reader.byte(at: start) ?? 0
            let count: UInt32?
            switch box.type {
            // iinf: version and flags, then a 16-bit count (32-bit from version 1).
            case "iinf": count = reader.unsigned(at: start + 4, size: version == 0 ? 2 : 4)
            // iloc: version and flags, two bytes of field sizes, then the count (32-bit in version 2).
            case "iloc": count = reader.unsigned(at: start + 6, size: version < 2 ? 2 : 4)
            default: count = nil
            }
            most = max(most, Int(count ?? 0))
        }
        return most
    }

    /// Whether an image is derived, through 'dimg' references, from itself.
    static func loop(in data: UnsafeBufferPointer<UInt8>) -> Bool {
        hasCycle(references(in: data))
    }

    /// The 'dimg' references: each derived image's id, and the ids it is derived from.
    private static func references(in data: UnsafeBufferPointer<UInt8>) -> [UInt32: [UInt32]] {
        let reader = BoxReader(data: data)
        guard let meta = reader.boxes(from: 0, to: data.count).first(where: { $0.type == "meta" }),
            let iref = reader.children(of: meta).first(where: { $0.type == "iref" }),
            let version = reader.byte(at: iref.content.lowerBound)
        else { return [:] }
        var derivedFrom: [UInt32: [UInt32]] = [:]
        var followed = 0
        for reference in reader.children(of: iref) where reference.type == "dimg" {
            let idSize = version == 0 ? 2 : 4
            var offset = reference.content.lowerBound
            guard let from = reader.unsigned(at: offset, size: idSize),
                let count = reader.unsigned(at: offset + idSize, size: 2) else { continue }
            offset += idSize + 2
            for _ in 0..<count {
                guard followed < maxReferences, offset + idSize <= reference.content.upperBound,
                    let to = reader.unsigned(at: offset, size: idSize) else { break }
                derivedFrom[from, default: []].append(to)
                offset += idSize
                followed += 1
            }
        }
        return derivedFrom
    }

    /// Depth-first, without recursion: an image met again while its own derivation is being
    /// followed closes a loop.
    static func hasCycle(_ edges: [UInt32: [UInt32]]) -> Bool {
        enum Mark { case following, done }
        var marks: [UInt32: Mark] = [:]
        for start in edges.keys where marks[start] == nil {
            var stack: [(node: UInt32, next: Int)] = [(start, 0)]
            marks[start] = .following
            while let top = stack.last {
                let children = edges[top.node] ?? []
                if top.next == children.count {
                    marks[top.node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = children[top.next]
                switch marks[child] {
                case .following?: return true
                case .done?: continue
                case nil:
                    marks[child] = .following
                    stack.append((child, 0))
                }
            }
        }
        return false
    }

    /// ISO base media file format boxes: a 32-bit size (1: a 64-bit size follows, 0: to the end)
    /// and a four-letter type; every read checked against the data's bounds.
    struct BoxReader {
        let data: UnsafeBufferPointer<UInt8>

        struct Box {
            let type: String
            let content: Range<Int>
        }

        func byte(at offset: Int) -> UInt8? {
            offset >= 0 && offset < data.count ? data[offset] : nil
        }

        func unsigned(at offset: Int, size: Int) -> UInt32? {
            guard offset >= 0, size <= 4, offset + size <= data.count else { return nil }
            return UInt32(data[offset..<(offset + size)].bigEndianInteger)
        }

        /// The boxes inside a full box (`meta`, `iref`): after its version and flags.
        func children(of box: Box) -> [Box] {
            boxes(from: box.content.lowerBound + 4, to: box.content.upperBound)
        }

        /// The boxes laid end to end from `start` to `end`, as far as they are whole; none when
        /// `start` is past `end`.
        func boxes(from start: Int, to end: Int) -> [Box] {
            var boxes: [Box] = []
            var offset = max(0, start)
            let end = min(end, data.count)
            while offset + 8 <= end, boxes.count < HEIFDerivations.maxBoxes, let size32 = unsigned(at: offset, size: 4) {
                let type = String(decoding: ((offset + 4)..<(offset + 8)).map { data[$0] }, as: UTF8.self)
                var header = 8
                var size = Int(size32)
                if size32 == 1 {
                    guard let high = unsigned(at: offset + 8, size: 4), let low = unsigned(at: offset + 12, size: 4), high == 0 else { break }
                    size = Int(low)
                    header = 16
                } else if size32 == 0 {
                    size = end - offset
                }
                guard size >= header, offset + size <= end else { break }
                boxes.append(Box(type: type, content: (offset + header)..<(offset + size)))
                offset += size
            }
            return boxes
        }
    }
}
