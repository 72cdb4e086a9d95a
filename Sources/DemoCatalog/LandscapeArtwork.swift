/// Layered ridges (mountains, hills, forest, or islands off a sea) receding into haze under a sky
/// with a sun or moon: the classic layered-landscape look, from 1D fractal noise.
struct LandscapeArtwork: Sendable {
    enum Terrain: CaseIterable, Sendable { case mountains, hills, forest, sea }

    /// One silhouette layer; `baseY` is its mean height, lower (larger) for nearer layers.
    struct Ridge: Sendable {
        let noise: ValueNoise
        let baseY: Double
        let amplitude: Double
        let frequency: Double
        let octaves: Int
        let persistence: Double
        let ridged: Bool
        /// Conifer silhouettes along the ridge: spacing and height in photo-height units, 0 for none.
        let treeSpacing: Double
        let treeHeight: Double
        /// Colour at the ridgeline and where it has faded into haze, `fade` below it.
        let top: Color
        let bottom: Color
        let fade: Double

        func y(atX x: Double) -> Double {
            var y = baseY - amplitude * noise.fractal(x * frequency, octaves: octaves,
                                                      persistence: persistence, ridged: ridged)
            if treeSpacing > 0 {
                let position = x / treeSpacing
                let cell = position.rounded(.down)
                let height = treeHeight * (0.55 + 0.45 * SplitMix64.unit(hashing: noise.seed ^ UInt64(bitPattern: Int64(cell))))
                y -= height * max(0, 1 - abs(position - cell - 0.5) * 2.4)
            }
            return y
        }
    }

    let terrain: Terrain
    let misty: Bool
    let sky: Sky
    /// Back to front.
    let ridges: [Ridge]
    /// Where the sea starts, for `.sea`.
    let waterY: Double?
    let rippleSeed: UInt64
    let caption: Caption

    init(using rng: inout SplitMix64) {
        let light = rng.pick(SkyLight.all).jittered(using: &rng)
        terrain = rng.pick(Terrain.allCases)
        misty = terrain != .sea && rng.chance(0.5)
        let horizonY = terrain == .sea ? rng.double(0.5...0.66) : rng.double(0.35...0.55)
        sky = Sky(light: light, horizonY: horizonY, using: &rng)
        waterY = terrain == .sea ? horizonY : nil
        rippleSeed = rng.next()
        ridges = Self.makeRidges(terrain: terrain, misty: misty, light: light, horizonY: horizonY, using: &rng)
        caption = Self.caption(terrain: terrain, misty: misty, light: light, using: &rng)
    }

    private static func makeRidges(terrain: Terrain, misty: Bool, light: SkyLight, horizonY: Double,
                                   using rng: inout SplitMix64) -> [Ridge] {
        let count: Int
        switch terrain {
        case .sea: count = rng.int(0...2)
        case .hills: count = rng.int(3...5)
        case .mountains, .forest: count = rng.int(4...6)
        }
        var nearLand = light.nearLand
        if terrain == .forest { nearLand = nearLand.mixed(with: Color(hex: 0x0B2A17), 0.6) }
        if terrain == .hills && !light.isNight { nearLand = nearLand.mixed(with: Color(hex: 0x3E6B2E), 0.5) }
        return (0..<count).map { layer in
            let depth = count == 1 ? 0 : Double(layer) / Double(count - 1)   // 0 far ... 1 near
            let color = light.farLand.mixed(with: nearLand, terrain == .sea ? 0.3 : depth)
            let bottom = color.mixed(with: light.haze, misty ? 0.7 - 0.3 * depth : 0.25)
            let spread = terrain == .sea ? 0.0 : (0.98 - horizonY) * 0.9
            let baseY = horizonY + spread * depth + 0.02
            let isForest = terrain == .forest && depth > 0.3
            return Ridge(
                noise: ValueNoise(seed: rng.next()),
                baseY: baseY,
                amplitude: terrain == .sea ? rng.double(0.02...0.06)
                    : terrain == .hills ? rng.double(0.1...0.22) : rng.double(0.12...0.3) * (1 - 0.4 * depth),
                frequency: terrain == .hills ? rng.double(1.2...2.4) : rng.double(1.5...3.5),
                octaves: terrain == .hills ? 4 : 7,
                persistence: terrain == .hills ? 0.4 : 0.5,
                ridged: terrain == .mountains,
                treeSpacing: isForest ? rng.double(0.018...0.03) * (0.5 + depth) : 0,
                treeHeight: isForest ? rng.double(0.05...0.09) * (0.5 + depth) : 0,
                top: color, bottom: bottom, fade: misty ? rng.double(0.1...0.2) : 0.35)
        }
    }

    private static func caption(terrain: Terrain, misty: Bool, light: SkyLight,
                                using rng: inout SplitMix64) -> Caption {
        let land: [String], templates: [String]
        switch terrain {
        case .mountains: land = ["mountains", "mountain ridges", "alpine peaks"]
        case .hills: land = ["rolling hills", "hills", "valleys"]
        case .forest: land = ["pine forest", "forested hills", "woods"]
        case .sea: land = ["sea", "ocean", "coast"]
        }
        if terrain == .sea {
            templates = ["{name} over the {calm}{land}", "{calm}{land} {when}", "the {land} {when}"]
        } else {
            templates = ["{name} over {mist}{land}", "{mist}{land} {when}", "{name} in the {mist}{land}"]
        }
        let description = rng.fill(rng.pick(templates), [
            "name": light.names, "when": light.whenPhrases, "land": land,
            "mist": misty ? ["misty ", "hazy ", "foggy "] : [""], "calm": ["calm ", "quiet ", ""],
        ])
        let sky = withArticle(light.skyWord) + " sky"
        let alt: String
        switch terrain {
        case .sea: alt = "\(light.isNight ? "the moon" : "the sun") above the sea under \(sky)"
        case .forest: alt = "layered \(misty ? "misty " : "")forested ridges under \(sky)"
        case .hills: alt = "layered \(misty ? "misty " : "")hills under \(sky)"
        case .mountains: alt = "layered \(misty ? "misty " : "")mountain ridges under \(sky)"
        }
        return Caption(description: description, altDescription: alt)
    }

    func render(into canvas: inout Canvas) {
        let lines = ridgelines(on: canvas)
        // Rows wholly under land or sea need no sky.
        let lowestRidge = (0..<canvas.width).map { column in
            (0..<ridges.count).map { lines[$0 * canvas.width + column] }.min() ?? .infinity
        }.max() ?? .infinity
        let covered = min(waterY ?? .infinity, lowestRidge)
        let firstCovered = canvas.ys.firstIndex { $0 >= covered } ?? canvas.height
        sky.render(into: &canvas, rows: 0..<firstCovered)
        renderWater(into: &canvas)
        renderLand(into: &canvas, lines: lines)
    }

    /// The y of every ridge at every column, ridge-major.
    private func ridgelines(on canvas: Canvas) -> [Double] {
        var lines: [Double] = []
        lines.reserveCapacity(ridges.count * canvas.width)
        for ridge in ridges { lines += canvas.xs.map { ridge.y(atX: $0 * canvas.aspect) } }
        return lines
    }

    /// All ridges in one pass: each pixel takes the nearest ridge it is below, so nothing is
    /// drawn twice. A ridge's colour fades from `top` to `bottom` with height, the same in every
    /// column, which reads as mist lying in the valleys; so colours are computed per row.
    private func renderLand(into canvas: inout Canvas, lines: [Double]) {
        guard !ridges.isEmpty else { return }
        let width = canvas.width, count = ridges.count
        let highest = lines.min() ?? 0, lowest = waterY ?? .infinity
        var rowColors = [UInt8](repeating: 0, count: count * 3)
        let ys = canvas.ys
        lines.withUnsafeBufferPointer { linesBuffer in
            canvas.pixels.withUnsafeMutableBufferPointer { buffer in
                let lines = linesBuffer.baseAddress!
                for row in 0..<ys.count where ys[row] >= highest && ys[row] < lowest {
                    let y = ys[row]
                    for (layer, ridge) in ridges.enumerated() {
                        let fade = (y - (ridge.baseY - ridge.amplitude * 0.6)) / ridge.fade
                        let color = ridge.top.mixed(with: ridge.bottom, min(1, max(0, fade)))
                        (rowColors[layer * 3], rowColors[layer * 3 + 1], rowColors[layer * 3 + 2]) = Pixel.bytes(color)
                    }
                    rowColors.withUnsafeBufferPointer { colorsBuffer in
                        let colors = colorsBuffer.baseAddress!
                        var pixel = buffer.baseAddress! + row * width * 3
                        var column = 0
                        while column < width {
                            var layer = count - 1
                            while layer >= 0 && y < lines[layer * width + column] { layer -= 1 }
                            if layer >= 0 {
                                pixel[0] = colors[layer * 3]; pixel[1] = colors[layer * 3 + 1]; pixel[2] = colors[layer * 3 + 2]
                            }
                            pixel += 3
                            column += 1
                        }
                    }
                }
            }
        }
    }

    /// The sky mirrored and darkened below the waterline, rippled row by row, with the sun's
    /// glitter path.
    private func renderWater(into canvas: inout Canvas) {
        guard let waterY else { return }
        let width = canvas.width
        let ripples = ValueNoise(seed: rippleSeed)
        let water = sky.light.water, glitter = sky.light.body
        let dxs = canvas.xs.map { abs($0 - sky.bodyX) * canvas.aspect }
        let ys = canvas.ys
        dxs.withUnsafeBufferPointer { dxBuffer in
            canvas.pixels.withUnsafeMutableBufferPointer { buffer in
                let dxs = dxBuffer.baseAddress!
                for row in 0..<ys.count where ys[row] >= waterY {
                    let y = ys[row]
                    let depth = (y - waterY) / max(0.01, 1 - waterY)
                    let ripple = ripples.value(y * 260 / (0.3 + depth))
                    let shade = 0.85 + 0.3 * ripple
                    let color = sky.gradient(atY: 2 * waterY - y).mixed(with: water, 0.35 + 0.45 * depth).scaled(shade).clamped()
                    let pathWidth = (0.015 + 0.12 * depth) * (0.4 + ripple)
                    let rowStart = buffer.baseAddress! + row * width * 3
                    Pixel.fill(rowStart, count: width, with: Pixel.bytes(color))
                    var column = 0
                    while column < width {
                        let dx = dxs[column]
                        if dx < pathWidth {
                            let k = (1 - dx / pathWidth) * 0.8 * ripple
                            let pixel = rowStart + column * 3
                            pixel[0] = UInt8((color.r + (glitter.r - color.r) * k) * 255)
                            pixel[1] = UInt8((color.g + (glitter.g - color.g) * k) * 255)
                            pixel[2] = UInt8((color.b + (glitter.b - color.b) * k) * 255)
                        }
                        column += 1
                    }
                }
            }
        }
    }
}
