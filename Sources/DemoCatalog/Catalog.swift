/// The generated catalog: `count` photos, each a pure function of (seed, index), made on demand.
struct Catalog: Sendable {
    let seed: UInt64
    let count: Int

    func photo(at index: Int) -> PhotoRecord? {
        (0..<count).contains(index) ? PhotoRecord(index: index, seed: seed) : nil
    }

    func photo(id: String) -> PhotoRecord? {
        PhotoID.index(of: id, seed: seed).flatMap(photo(at:))
    }
}
