/// FNV-1a, 64 bits: a fast hash that is the same in every process and on every run (unlike
/// `Hasher`), for naming and checking files. Not cryptographic.
enum StableHash {
    static let standardOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    static func fnv1a64(_ bytes: some Collection<UInt8>, offset: UInt64 = standardOffset) -> UInt64 {
        let hash = bytes.withContiguousStorageIfAvailable { buffer in
            buffer.reduce(offset) { ($0 ^ UInt64($1)) &* prime }
        }
        return hash ?? bytes.reduce(offset) { ($0 ^ UInt64($1)) &* prime }
    }

    /// 128 bits as 32 lower-case hex digits: two FNV-1a passes from different offsets.
    static func hex128(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let first = fnv1a64(bytes)
        let second = fnv1a64(bytes, offset: standardOffset.byteSwapped ^ 0x5bd1_e995_5bd1_e995)
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
