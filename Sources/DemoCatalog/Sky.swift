/// A sky: a vertical gradient to the horizon, a sun or moon with a glow, and stars at night.
/// Rendered first, over the whole canvas; scenes then draw their land over it.
struct Sky: Sendable {
    let light: SkyLight
    /// Normalized y where the gradient reaches the horizon colour.
    let horizonY: Double
    /// Centre of the sun or moon, normalized; radius in photo-height units.
    let bodyX: Double
    let bodyY: Double
    let bodyRadius: Double
    let stars: [Star]

    struct Star: Sendable {
        let x: Double
        let y: Double
        let brightness: Double
    }

    init(light: SkyLight, horizonY: Double, using rng: inout SplitMix64) {
        self.light = light
        self.horizonY = horizonY
        bodyX = rng.double(0.15...0.85)
        bodyY = light.sitsLow ? horizonY * rng.double(0.6...0.92) : horizonY * rng.double(0.2...0.55)
        bodyRadius = light.isNight ? rng.double(0.025...0.045) : rng.double(0.035...0.07)
        let starCount = light.isNight ? rng.int(120...260) : 0
        stars = (0..<starCount).map { _ in
            Star(x: rng.unit(), y: rng.unit() * horizonY, brightness: rng.double(0.3...1))
        }
    }

    /// The gradient colour at normalized y (no sun).
    func gradient(atY y: Double) -> Color {
        let t = min(1, max(0, y / horizonY))
        return light.zenith.mixed(with: light.horizon, t * t * (1.6 - 0.6 * t))
    }

    /// Paints the sky on `rows` of the canvas (all by default; scenes skip rows their land covers).
    func render(into canvas: inout Canvas, rows: Range<Int>? = nil) {
        let width = canvas.width
        let glowRadius = bodyRadius * 6, glowStrength = light.isNight ? 0.35 : 0.6
        let glow = light.glow, body = light.body
        let edge = bodyRadius * 0.08, outer = bodyRadius + edge
        let dxs = canvas.xs.map { ($0 - bodyX) * canvas.aspect }
        let ys = canvas.ys
        dxs.withUnsafeBufferPointer { dxBuffer in
            canvas.pixels.withUnsafeMutableBufferPointer { buffer in
                let dxs = dxBuffer.baseAddress!
                for row in rows ?? 0..<ys.count {
                    let base = gradient(atY: ys[row])
                    let dy = ys[row] - bodyY
                    var pixel = buffer.baseAddress! + row * width * 3
                    guard dy * dy < glowRadius * glowRadius else {
                        Pixel.fill(pixel, count: width, with: Pixel.bytes(base))
                        continue
                    }
                    let baseBytes = Pixel.bytes(base)
                    var column = 0
                    while column < width {
                        let dx = dxs[column]
                        let d2 = dx * dx + dy * dy
                        if d2 < glowRadius * glowRadius {
                            // Every mix below stays within 0...1, so bytes need no clamping.
                            let d = d2.squareRoot()
                            let fall = 1 - d / glowRadius
                            let k = fall * fall * glowStrength
                            var r = base.r + (glow.r - base.r) * k, g = base.g + (glow.g - base.g) * k
                            var b = base.b + (glow.b - base.b) * k
                            if d < outer {
                                let soft = (outer - d) / (2 * edge)
                                let k = soft > 1 ? 1 : soft
                                r += (body.r - r) * k; g += (body.g - g) * k; b += (body.b - b) * k
                            }
                            pixel[0] = UInt8(r * 255); pixel[1] = UInt8(g * 255); pixel[2] = UInt8(b * 255)
                        } else {
                            pixel[0] = baseBytes.0; pixel[1] = baseBytes.1; pixel[2] = baseBytes.2
                        }
                        pixel += 3
                        column += 1
                    }
                }
            }
        }
        drawStars(into: &canvas)
    }

    private func drawStars(into canvas: inout Canvas) {
        // Bigger outputs get bigger stars so they stay visible after downscaling in the terminal.
        let size = max(1, canvas.height / 700)
        for star in stars {
            let dx = (star.x - bodyX) * canvas.aspect, dy = star.y - bodyY
            guard dx * dx + dy * dy > bodyRadius * bodyRadius * 4,
                  let column = canvas.column(ofX: star.x), let row = canvas.row(ofY: star.y) else { continue }
            for y in row..<min(canvas.height, row + size) {
                for x in column..<min(canvas.width, column + size) {
                    let i = (y * canvas.width + x) * 3
                    for c in 0..<3 {
                        let v = Double(canvas.pixels[i + c])
                        canvas.pixels[i + c] = UInt8(v + (255 - v) * star.brightness)
                    }
                }
            }
        }
    }
}
