/// Everything the catalog knows about one photo, derived from (seed, index) alone.
struct PhotoRecord: Sendable {
    let index: Int
    let id: String
    /// Seconds since 1970; newer photos have smaller indexes, as Unsplash lists latest first.
    let createdAt: Int
    let width: Int
    let height: Int
    let artwork: Artwork
    private(set) var description: String?
    private(set) var altDescription: String
    let likes: Int
    let downloads: Int
    let views: Int
    let author: Author

    var aspect: Double { Double(width) / Double(height) }

    /// The same photo described by other words.
    func withTexts(_ description: String?, alt altDescription: String) -> PhotoRecord {
        var copy = self
        copy.description = description
        copy.altDescription = altDescription
        return copy
    }

    /// Width:height ratios, weighted towards landscape like real photo feeds.
    private static let ratios: [(Double, Double)] = [
        (3, 2), (3, 2), (3, 2), (4, 3), (4, 3), (16, 9), (5, 4), (1, 1), (2, 3), (2, 3), (3, 4), (4, 5), (9, 16),
    ]
    /// When the newest photo was taken, and the last day of every photo's statistics.
    static let newest = 1_717_200_000   // 2024-06-01T00:00:00Z

    init(index: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed, stream: 1, index: UInt64(index))
        self.index = index
        id = PhotoID.make(index: index, seed: seed)
        createdAt = Self.newest - index * 10_800 - rng.int(0...7_200)
        let ratio = rng.pick(Self.ratios)
        let longSide = Double(rng.int(1500...3000) * 2)
        if ratio.0 >= ratio.1 {
            width = Int(longSide)
            height = Int((longSide * ratio.1 / ratio.0).rounded())
        } else {
            height = Int(longSide)
            width = Int((longSide * ratio.0 / ratio.1).rounded())
        }
        artwork = Artwork(using: &rng, aspect: Double(width) / Double(height))
        let caption = artwork.caption
        // About a third have no description, so clients exercise the alt_description fallback.
        description = rng.chance(0.3) ? nil : caption.description
        altDescription = caption.altDescription
        let popularity = rng.unit()
        likes = Int(popularity * popularity * popularity * 5_000)
        downloads = likes * rng.int(8...40) + rng.int(0...300)
        views = downloads * rng.int(20...80) + rng.int(0...5_000)
        author = Author(number: rng.int(0...(Author.poolSize - 1)), seed: seed)
    }
}
