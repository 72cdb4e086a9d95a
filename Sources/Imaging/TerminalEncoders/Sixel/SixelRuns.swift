/// Sixel characters repeated: `!count` and the character where that is shorter.
enum SixelRuns {
    /// The bytes of `count` repeats of one character (`count` below 10,000: no image is wider).
    @inline(__always)
    static func cost(_ count: Int) -> Int {
        count < 4 ? count : count < 10 ? 3 : count < 100 ? 4 : count < 1000 ? 5 : 6
    }

    /// `character` `count` times: as `!count` and the character from 4 on, where that is
    /// shorter (three repeats cost as much either way).
    static func write(_ character: UInt8, count: Int, into out: inout ByteCursor) {
        if count >= 4 {
            out.append("!")
            out.append(decimal: count)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
