import Testing
@testable import Imaging

@Suite struct ColorDepthTests {
    @Test(arguments: [
        (RGB(255, 0, 0), 196), (RGB(0, 255, 0), 46), (RGB(0, 0, 255), 21),
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(128, 128, 128), 244),
        (RGB(8, 8, 8), 232), (RGB(238, 238, 238), 255), (RGB(95, 135, 175), 67),
        (RGB(250, 200, 10), 220),
        // Cube (95,95,95) is 75 away, grey 98 only 12.
        (RGB(100, 100, 100), 241),
        // Off-grey: cube (95,95,95) is 25+25+225 = 275 away, grey 98 is 64+4+144 = 212.
        (RGB(90, 100, 110), 241),
        // Saturated: cube (95,135,95) is 0+25+25 = 50 away; the nearest grey is far.
        (RGB(95, 130, 100), 65),
    ])
    func nearest256(colour: RGB, index: Int) {
        #expect(TerminalPalette.nearest256(colour) == index)
    }

    @Test(arguments: [
        (RGB(255, 0, 0), 9), (RGB(200, 0, 0), 1), (RGB(0, 0, 255), 4), (RGB(0, 0, 0), 0),
        (RGB(255, 255, 255), 15), (RGB(120, 120, 120), 8), (RGB(230, 230, 230), 7), (RGB(0, 250, 250), 14),
    ])
    func nearest16(colour: RGB, index: Int) {
        #expect(TerminalPalette.nearest16(colour) == index)
    }

    @Test func nearest256IsTheTrueMinimumOverThePalette() {
        var palette = [(Int, RGB)]()
        for r in 0..<6 { for g in 0..<6 { for b in 0..<6 {
            let level = { UInt8(TerminalPalette.cubeLevels[$0]) }
            palette.append((16 + 36 * r + 6 * g + b, RGB(level(r), level(g), level(b))))
        }}}
        for i in 0..<24 { let v = UInt8(8 + 10 * i); palette.append((232 + i, RGB(v, v, v))) }
        let noise = TestImages.noise(width: 64, height: 16, seed: 3)
        for y in 0..<noise.height {
            for x in 0..<noise.width {
                let c = noise[x, y]
                let best = palette.map { TerminalPalette.distance(c, $0.1) }.min()!
                let chosen = palette.first { $0.0 == TerminalPalette.nearest256(c) }!.1
                #expect(TerminalPalette.distance(c, chosen) == best, "\(c)")
            }
        }
    }

    @Test(arguments: [
        (["COLORTERM": "truecolor", "TERM": "xterm-256color"], ColorDepth.trueColor),
        (["COLORTERM": "24bit", "TERM": "xterm"], .trueColor),
        (["TERM": "screen-256color"], .palette256),
        (["TERM": "xterm", "COLORTERM": "yes"], .palette16),
        // The shared rule (TerminalGuess.hasColor): no colour without TERM or on a DEC VT.
        ([:], ColorDepth.none),
        (["COLORTERM": "truecolor"], ColorDepth.none),
        (["TERM": "vt220"], ColorDepth.none),
        (["TERM": "vte-256color"], .palette256),
        (["NO_COLOR": "1", "COLORTERM": "truecolor"], ColorDepth.none),
        (["NO_COLOR": "", "TERM": "xterm-256color"], .palette256),
        (["TERM": "dumb"], ColorDepth.none),
    ])
    func depthFromEnvironment(env: [String: String], depth: ColorDepth) {
        #expect(ColorDepth.fromEnvironment(env) == depth)
    }
}
