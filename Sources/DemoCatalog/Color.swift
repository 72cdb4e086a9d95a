/// A linear-ish RGB colour with components in 0...1, for procedural rendering.
struct Color: Sendable, Equatable {
    var r: Double
    var g: Double
    var b: Double

    init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }

    /// From a 24-bit `0xRRGGBB` literal.
    init(hex: UInt32) {
        self.init(Double(hex >> 16 & 0xFF) / 255, Double(hex >> 8 & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// `self` at t = 0, `other` at t = 1.
    func mixed(with other: Color, _ t: Double) -> Color {
        Color(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
    }

    func scaled(_ factor: Double) -> Color { Color(r * factor, g * factor, b * factor) }

    /// Each component moved by up to ±`amount`, so palettes differ slightly from photo to photo.
    func jittered(_ amount: Double, using rng: inout SplitMix64) -> Color {
        Color(r + rng.double(-amount...amount), g + rng.double(-amount...amount), b + rng.double(-amount...amount))
            .clamped()
    }

    func clamped() -> Color { Color(min(1, max(0, r)), min(1, max(0, g)), min(1, max(0, b))) }

    /// "#RRGGBB", as in Unsplash's `color` field.
    var hexString: String {
        let c = clamped()
        let value = Int((c.r * 255).rounded()) << 16 | Int((c.g * 255).rounded()) << 8 | Int((c.b * 255).rounded())
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
