/// Photo ids: 11 base62 characters, like Unsplash's, that encode the catalog index through a keyed
/// Feistel permutation. They look random, need no lookup table, and decode back to the index.
enum PhotoID {
    static let length = 11
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let rounds: UInt64 = 4

    static func make(index: Int, seed: UInt64) -> String {
        encode(permute(UInt64(index), seed: seed))
    }

    /// The catalog index `id` stands for, or nil for anything `make` cannot produce.
    static func index(of id: String, seed: UInt64) -> Int? {
        guard let value = decode(id) else { return nil }
        let index = unpermute(value, seed: seed)
        return index <= UInt64(Int.max) ? Int(index) : nil
    }

    private static func roundKey(_ round: UInt64, _ half: UInt64, seed: UInt64) -> UInt64 {
        SplitMix64.mix(seed &+ SplitMix64.mix(round &+ 1) ^ half) & 0xFFFF_FFFF
    }

    private static func permute(_ value: UInt64, seed: UInt64) -> UInt64 {
        var left = value >> 32, right = value & 0xFFFF_FFFF
        for round in 0..<rounds {
            (left, right) = (right, left ^ roundKey(round, right, seed: seed))
        }
        return left << 32 | right
    }

    private static func unpermute(_ value: UInt64, seed: UInt64) -> UInt64 {
        var left = value >> 32, right = value & 0xFFFF_FFFF
        for round in (0..<rounds).reversed() {
            (left, right) = (right ^ roundKey(round, left, seed: seed), left)
        }
        return left << 32 | right
    }

    private static func encode(_ value: UInt64) -> String {
        var digits = [UInt8](repeating: alphabet[0], count: length)
        var rest = value
        for position in (0..<length).reversed() {
            digits[position] = alphabet[Int(rest % 62)]
            rest /= 62
        }
        return String(decoding: digits, as: UTF8.self)
    }

    private static func decode(_ id: String) -> UInt64? {
        let bytes = Array(id.utf8)
        guard bytes.count == length else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 62)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }
}
