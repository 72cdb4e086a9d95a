/// A photographer. The catalog has a fixed pool of them, so the same person recurs across photos.
struct Author: Sendable, Equatable {
    let id: String
    let username: String
    let name: String

    static let poolSize = 240

    private static let firstNames = [
        "Ana", "Ben", "Chloé", "Daniel", "Elif", "Farah", "Gustav", "Hana", "Ivan", "Julia", "Kenji", "Lina",
        "Mateo", "Nora", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen", "Ximena",
        "Yusuf", "Zoe", "Amara", "Bruno", "Carmen", "Diego",
    ]
    private static let lastNames = [
        "Moreau", "Okafor", "Lindqvist", "Tanaka", "Kowalski", "Haddad", "Silva", "Novak", "Fischer", "Rossi",
        "Nguyen", "Petrov", "García", "Andersen", "Kim", "Mensah", "Duarte", "Yilmaz", "Walsh", "Costa",
        "Brennan", "Sato", "Ibrahim", "Laurent",
    ]

    /// Author number `number` (0..<poolSize) of the catalog with `seed`.
    init(number: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed, stream: 2, index: UInt64(number))
        let first = rng.pick(Self.firstNames), last = rng.pick(Self.lastNames)
        name = "\(first) \(last)"
        let plain = { (text: String) in
            String(text.lowercased().unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "é": "e"
                case "í": "i"
                default: Character(scalar)
                }
            })
        }
        let style = rng.int(0...2)
        username = style == 0 ? "\(plain(first))\(plain(last))"
            : style == 1 ? "\(plain(first))_\(plain(last))" : "\(plain(first))\(rng.int(1...99))"
        id = PhotoID.make(index: number, seed: seed ^ 0xA07_4012)
    }
}
