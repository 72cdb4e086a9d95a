/// The light of one time of day: sky, sun or moon, and the colours it gives distant and near land.
/// `names` ("sunset") and `whenPhrases` ("at sunset") word it in descriptions, `skyWord` in alt text.
struct SkyLight: Sendable {
    let names: [String]
    let whenPhrases: [String]
    let skyWord: String
    let isNight: Bool
    /// The sun or moon sits near the horizon.
    let sitsLow: Bool
    var zenith: Color
    var horizon: Color
    var body: Color
    var glow: Color
    var farLand: Color
    var nearLand: Color
    var haze: Color
    var water: Color

    /// A copy with every colour nudged, so two sunsets are never quite the same.
    func jittered(using rng: inout SplitMix64) -> SkyLight {
        var copy = self
        let amount = 0.05
        copy.zenith = zenith.jittered(amount, using: &rng)
        copy.horizon = horizon.jittered(amount, using: &rng)
        copy.glow = glow.jittered(amount, using: &rng)
        copy.farLand = farLand.jittered(amount, using: &rng)
        copy.nearLand = nearLand.jittered(amount / 2, using: &rng)
        copy.haze = haze.jittered(amount, using: &rng)
        copy.water = water.jittered(amount, using: &rng)
        return copy
    }

    static let sunset = SkyLight(
        names: ["sunset", "evening glow", "a fiery sunset"], whenPhrases: ["at sunset", "in the evening glow"], skyWord: "orange", isNight: false, sitsLow: true,
        zenith: Color(hex: 0x2B1B4F), horizon: Color(hex: 0xF98B4B), body: Color(hex: 0xFFE3A0),
        glow: Color(hex: 0xFFB26B), farLand: Color(hex: 0x9A5A85), nearLand: Color(hex: 0x1F1030),
        haze: Color(hex: 0xF3A07A), water: Color(hex: 0x3A2C5A))
    static let dawn = SkyLight(
        names: ["dawn", "sunrise", "first light"], whenPhrases: ["at dawn", "at sunrise", "in early morning light"], skyWord: "pink", isNight: false, sitsLow: true,
        zenith: Color(hex: 0x5B6FA8), horizon: Color(hex: 0xF7C6A3), body: Color(hex: 0xFFF6DD),
        glow: Color(hex: 0xFFD9B0), farLand: Color(hex: 0xA497BD), nearLand: Color(hex: 0x2E3152),
        haze: Color(hex: 0xEBC8C0), water: Color(hex: 0x6F7FB0))
    static let day = SkyLight(
        names: ["blue sky", "summer sun", "bright daylight"], whenPhrases: ["on a clear day", "in summer", "at noon"], skyWord: "blue", isNight: false, sitsLow: false,
        zenith: Color(hex: 0x2F7FD1), horizon: Color(hex: 0xC4E6F7), body: Color(hex: 0xFFFDF0),
        glow: Color(hex: 0xFFFFFF), farLand: Color(hex: 0x86A8C8), nearLand: Color(hex: 0x2D4E3A),
        haze: Color(hex: 0xD2E8F2), water: Color(hex: 0x2E6E9E))
    static let golden = SkyLight(
        names: ["golden hour", "warm evening light"], whenPhrases: ["at golden hour", "in warm light"], skyWord: "golden", isNight: false, sitsLow: false,
        zenith: Color(hex: 0x4A90C2), horizon: Color(hex: 0xFFD08A), body: Color(hex: 0xFFF6D8),
        glow: Color(hex: 0xFFE2A0), farLand: Color(hex: 0xC49A6C), nearLand: Color(hex: 0x3C3A22),
        haze: Color(hex: 0xF2D6A2), water: Color(hex: 0x5A7E96))
    static let dusk = SkyLight(
        names: ["dusk", "twilight", "the blue hour"], whenPhrases: ["at dusk", "at twilight", "in the blue hour"], skyWord: "purple", isNight: false, sitsLow: true,
        zenith: Color(hex: 0x1B2350), horizon: Color(hex: 0xC06C84), body: Color(hex: 0xFAC9A8),
        glow: Color(hex: 0xE08A8F), farLand: Color(hex: 0x6C5B7B), nearLand: Color(hex: 0x1A1730),
        haze: Color(hex: 0xB06A82), water: Color(hex: 0x35345E))
    static let night = SkyLight(
        names: ["night", "moonlight", "a starry night"], whenPhrases: ["at night", "in moonlight", "under the stars"], skyWord: "starry", isNight: true, sitsLow: false,
        zenith: Color(hex: 0x040818), horizon: Color(hex: 0x1D2C55), body: Color(hex: 0xF4F1DE),
        glow: Color(hex: 0x5A6FA0), farLand: Color(hex: 0x2A3D6A), nearLand: Color(hex: 0x060A16),
        haze: Color(hex: 0x34487A), water: Color(hex: 0x0C1633))

    static let all: [SkyLight] = [sunset, dawn, day, golden, dusk, night]
}
