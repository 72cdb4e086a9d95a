/// How a photo's JPEG is spoiled before it is sent.
enum ImageDamage: Sendable, Equatable {
    /// The first half only, as if the connection had been cut.
    case truncated
    /// The JPEG signature, then noise: sniffs as a JPEG, decodes as nothing.
    case corrupt

    func apply(to jpeg: [UInt8], seed: UInt64) -> [UInt8] {
        switch self {
        case .truncated:
            return Array(jpeg.prefix(jpeg.count / 2))
        case .corrupt:
            let signature: [UInt8] = [0xFF, 0xD8, 0xFF]
            var rng = SplitMix64(seed: seed, stream: 5, index: UInt64(jpeg.count))
            // 0xFF bytes are left out of the noise so that it can never spell a marker.
            let noise = (signature.count..<max(signature.count, jpeg.count)).map { _ in UInt8(rng.next() % 0xFF) }
            return signature + noise
        }
    }
}
