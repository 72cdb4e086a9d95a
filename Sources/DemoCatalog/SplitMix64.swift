/// SplitMix64: a tiny generator whose output is fixed by its algorithm, so everything in the catalog
/// is a pure function of (seed, index) on every platform and toolchain. The helpers below avoid the
/// standard library's `random(in:using:)`, whose draw sequence is not specified.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// An independent stream for one purpose (`stream`) of one item (`index`).
    init(seed: UInt64, stream: UInt64, index: UInt64) {
        state = Self.mix(seed ^ Self.mix(stream &+ Self.mix(index &+ 0x9E37_79B9_7F4A_7C15)))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform value in 0..<1 with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform value in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A uniform integer in `range` (modulo bias is irrelevant at these range sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// The SplitMix64 finalizer: a bijective 64-bit mix, also used as a stateless hash.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stateless hash of `value` to 0..<1.
    static func unit(hashing value: UInt64) -> Double { Double(mix(value) >> 11) * 0x1p-53 }
}
