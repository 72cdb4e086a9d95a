/// A named gradient through a few colour stops, baked into a 256-entry lookup table so that
/// per-pixel colouring is one table read. The name is what the photo's description calls it.
struct ColorRamp: Sendable {
    let name: String
    /// 256 entries of r, g, b bytes.
    let table: [UInt8]

    init(name: String, stops: [UInt32]) {
        self.name = name
        let colors = stops.map(Color.init(hex:))
        var table = [UInt8](repeating: 0, count: 256 * 3)
        for i in 0..<256 {
            let position = Double(i) / 255 * Double(colors.count - 1)
            let lower = min(colors.count - 2, Int(position))
            let c = colors[lower].mixed(with: colors[lower + 1], position - Double(lower))
            table[i * 3] = UInt8((c.r * 255).rounded())
            table[i * 3 + 1] = UInt8((c.g * 255).rounded())
            table[i * 3 + 2] = UInt8((c.b * 255).rounded())
        }
        self.table = table
    }

    /// The ramps abstract pictures choose from; names are accurate colour words for descriptions.
    static let all: [ColorRamp] = [
        ColorRamp(name: "violet", stops: [0x0B0320, 0x3B0F70, 0x8C29B0, 0xE07BE0, 0xFFE3FF]),
        ColorRamp(name: "teal", stops: [0x021B1F, 0x08525B, 0x1FA6A0, 0x9BE8D8, 0xF4FFF8]),
        ColorRamp(name: "amber", stops: [0x1A0600, 0x6B1D00, 0xD4571B, 0xFFB23F, 0xFFF3C4]),
        ColorRamp(name: "crimson", stops: [0x12000A, 0x5C0320, 0xB5173A, 0xF26B5B, 0xFFE0C2]),
        ColorRamp(name: "emerald", stops: [0x001409, 0x05452A, 0x1E8C4E, 0x8BD66B, 0xF0FFD9]),
        ColorRamp(name: "cobalt", stops: [0x000822, 0x0A2A7A, 0x1F66D1, 0x6FC3FF, 0xE8FAFF]),
        ColorRamp(name: "magenta", stops: [0x14001A, 0x5E0A5E, 0xC2187A, 0xFF6FA8, 0xFFE6F0]),
        ColorRamp(name: "neon", stops: [0x0D0221, 0x261447, 0xFF3864, 0x2DE2E6, 0xF9C80E]),
        ColorRamp(name: "golden", stops: [0x0A0700, 0x3D2B00, 0xA67C00, 0xFFD34D, 0xFFFBE0]),
        ColorRamp(name: "sunset", stops: [0x1B0B3A, 0x6A1B5D, 0xD9435E, 0xFF9A3C, 0xFFE7A8]),
    ]
}
