/// Nearest-colour lookups in the standard terminal palettes, by squared RGB distance.
enum TerminalPalette {
    /// The six levels of each axis of the xterm 6x6x6 colour cube (indices 16...231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values for the 16 ANSI colours. Terminals theme these, so they are only an
    /// approximation, which is all the 16-colour mode can offer.
    static let basic16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The nearest of the 240 fixed xterm colours: the cube (16...231) or the grey ramp
    /// (232...255, values 8, 18, …, 238). The themable 0...15 are never chosen.
    static func nearest256(_ c: RGB) -> Int {
        let (r, g, b) = (Int(c.r), Int(c.g), Int(c.b))
        // Squared distance separates by channel, so the nearest cube colour is the nearest level
        // per channel, and the nearest grey is the grey nearest the channels' mean.
        let (ri, gi, bi) = (nearestCubeLevel(r), nearestCubeLevel(g), nearestCubeLevel(b))
        let cube = RGB(level(ri), level(gi), level(bi))
        // Grey i is 8 + 10i, so i = round((mean - 8) / 10) = round((sum - 24) / 30).
        let greyIndex = max(0, min(23, (r + g + b - 24 + 15) / 30))
        let greyValue = UInt8(8 + 10 * greyIndex)
        let grey = RGB(greyValue, greyValue, greyValue)
        return distance(c, grey) < distance(c, cube) ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi
    }

    /// The index (0...15) of the nearest of xterm's 16 default ANSI colours.
    static func nearest16(_ c: RGB) -> Int {
        var best = 0
        for i in 1..<basic16.count where distance(c, basic16[i]) < distance(c, basic16[best]) {
            best = i
        }
        return best
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }

    private static func nearestCubeLevel(_ v: Int) -> Int {
        var best = 0
        for i in 1..<cubeLevels.count where abs(cubeLevels[i] - v) < abs(cubeLevels[best] - v) {
            best = i
        }
        return best
    }

    private static func level(_ index: Int) -> UInt8 { UInt8(cubeLevels[index]) }
}
