/// The generated catalog: `count` photos, each a pure function of (seed, index), made on demand.
struct Catalog: Sendable {
    let seed: UInt64
    let count: Int
    /// The photo whose texts are replaced by `HostileText`, if any.
    let hostileIndex: Int?

    /// With `hostileText`, photo 1 (the second of the feed, so the first screen shows it) carries
    /// `HostileText` instead of its description and alt description.
    init(seed: UInt64, count: Int, hostileText: Bool = false) {
        self.seed = seed
        self.count = count
        hostileIndex = hostileText ? 1 : nil
    }

    func photo(at index: Int) -> PhotoRecord? {
        guard (0..<count).contains(index) else { return nil }
        let photo = PhotoRecord(index: index, seed: seed)
        return index == hostileIndex ? photo.withTexts(HostileText.description, alt: HostileText.altDescription) : photo
    }

    func photo(id: String) -> PhotoRecord? {
        PhotoID.index(of: id, seed: seed).flatMap(photo(at:))
    }
}
