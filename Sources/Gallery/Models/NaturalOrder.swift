/// Names as people order them: runs of digits by their value (`img2` < `img10`), letters ignoring
/// case, and when two names still tie (`a.jpg` and `A.jpg`, `img01` and `img1`) by their bytes,
/// so the order is total and the same on every run.
///
/// Each name is made once into a key whose bytes, compared plainly, are in that order: the name
/// lowercased, in UTF-8 (whose byte order is the characters' order), each run of digits written
/// as a mark, its length without leading zeros, then those digits. The mark is a digit's byte, so
/// a run compares with any other character as its first digit would; a longer run is a larger
/// number; runs of one length compare digit by digit. Many names' keys share one buffer, so that
/// sorting 100,000 names compares bytes and retains nothing.
enum NaturalOrder {
    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        var keys = Keys()
        keys.append(a)
        keys.append(b)
        return keys.precedes(0, 1)
    }

    /// The places of `names` in order; names alike keep the order they are given in.
    static func order(_ names: [String]) -> [Int] {
        var keys = Keys()
        keys.reserveCapacity(names.count)
        for name in names { keys.append(name) }
        let made = keys
        return Array(names.indices).sorted { made.precedes($0, $1) }
    }

    /// Names' keys and bytes, each kept in one buffer.
    private struct Keys {
        private var keys: [UInt8] = []
        private var keyBounds: [Range<Int>] = []
        private var bytes: [UInt8] = []
        private var byteBounds: [Range<Int>] = []

        mutating func reserveCapacity(_ count: Int) {
            keyBounds.reserveCapacity(count)
            byteBounds.reserveCapacity(count)
        }

        mutating func append(_ name: String) {
            // ASCII, the usual case, without making a lowercased copy of the whole string first.
            let lower = name.utf8.allSatisfy { $0 < 0x80 } ? name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
                                                           : Array(name.lowercased().utf8)
            let start = keys.count
            var index = 0
            while index < lower.count {
                guard Self.isDigit(lower[index]) else {
                    keys.append(lower[index])
                    index += 1
                    continue
                }
                while lower[index] == Self.zero, index + 1 < lower.count, Self.isDigit(lower[index + 1]) { index += 1 }
                let run = index
                while index < lower.count, Self.isDigit(lower[index]) { index += 1 }
                // A name is at most a path's length: two bytes hold any run in one.
                let length = min(index - run, 0xFFFF)
                keys.append(Self.zero)
                keys.append(UInt8(length >> 8))
                keys.append(UInt8(length & 0xFF))
                keys += lower[run..<index]
            }
            keyBounds.append(start..<keys.count)
            let byteStart = bytes.count
            bytes += name.utf8
            byteBounds.append(byteStart..<bytes.count)
        }

        /// Whether the name appended `a`th comes before the `b`th.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            switch Self.compare(keys, keyBounds[a], keyBounds[b]) {
            case .less: true
            case .greater: false
            case .equal: Self.compare(bytes, byteBounds[a], byteBounds[b]) == .less
            }
        }

        private enum Comparison { case less, equal, greater }

        /// Two runs of one buffer's bytes compared: at the first that differs, else the shorter first.
        private static func compare(_ buffer: [UInt8], _ a: Range<Int>, _ b: Range<Int>) -> Comparison {
            var i = a.lowerBound, j = b.lowerBound
            while i < a.upperBound && j < b.upperBound {
                if buffer[i] != buffer[j] { return buffer[i] < buffer[j] ? .less : .greater }
                i += 1
                j += 1
            }
            if i == a.upperBound && j == b.upperBound { return .equal }
            return i == a.upperBound ? .less : .greater
        }

        private static let zero = UInt8(ascii: "0")

        private static func isDigit(_ byte: UInt8) -> Bool { (zero...UInt8(ascii: "9")).contains(byte) }
    }
}
