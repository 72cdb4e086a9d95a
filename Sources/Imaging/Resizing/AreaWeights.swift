/// Box-filter (area-average) weights along one axis, in exact integers.
///
/// Both axes are measured in a common unit chosen so every source pixel is `destination / g` units
/// long and every output pixel `source / g` units long (`g` = gcd). The weight of a source pixel
/// for an output pixel is the length of their overlap, so each output's weights sum to `total`
/// and fractional coverage at the edges is exact, with no floating point.
struct AreaWeights: Sendable {
    /// First source index that contributes to each output index.
    let first: [Int]
    /// `weights[offsets[i]..<offsets[i + 1]]` are the weights for output `i`, from `first[i]` on.
    let offsets: [Int]
    let weights: [UInt32]
    /// The sum of the weights of every output pixel.
    let total: Int

    init(source: Int, destination: Int) {
        self.init(eighths: source * 8, destination: destination)
    }

    /// Weights for a source `eighths / 8` pixels long: when that is not a whole number, the last
    /// source pixel stands for the fraction that is left (what a reduced JPEG decode produces
    /// when the picture's size is not a multiple of the scale's block), or the first one does
    /// when the picture starts `leadingEighths` into it (such a decode turned upright).
    init(eighths: Int, destination: Int, leadingEighths: Int = 0) {
        precondition(eighths > 0 && destination > 0 && (0..<8).contains(leadingEighths), "area weights need non-empty axes")
        // Lengths in units of 1/(8 * destination) pixel, divided by what they all share: a source
        // pixel is 8 * destination long, an output pixel `eighths`, and the picture starts at
        // leadingEighths * destination.
        let g = Self.gcd(Self.gcd(8 * destination, eighths), leadingEighths * destination)
        let sourceLength = 8 * destination / g
        let outputLength = eighths / g
        let start = leadingEighths * destination / g
        var first = [Int](), offsets = [0], weights = [UInt32]()
        first.reserveCapacity(destination)
        offsets.reserveCapacity(destination + 1)
        for i in 0..<destination {
            let lo = start + i * outputLength, hi = lo + outputLength
            var j = lo / sourceLength
            first.append(j)
            while j * sourceLength < hi {
                let overlap = min(hi, (j + 1) * sourceLength) - max(lo, j * sourceLength)
                weights.append(UInt32(overlap))
                j += 1
            }
            offsets.append(weights.count)
        }
        self.first = first
        self.offsets = offsets
        self.weights = weights
        self.total = outputLength
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
