import Foundation

/// Abstract "plasma" art: interfering sine waves coloured through a cyclic colour ramp. Each wave
/// is a function of x, y or a rotated axis, so it is computed per column and per row only.
struct PlasmaArtwork: Sendable {
    struct Wave: Sendable {
        let angle: Double
        let frequency: Double
        let phase: Double
    }

    let waves: [Wave]
    let ramp: ColorRamp
    let cycles: Double
    let caption: Caption

    init(using rng: inout SplitMix64) {
        waves = (0..<4).map { _ in
            Wave(angle: rng.double(0...Double.pi), frequency: rng.double(8...26), phase: rng.double(0...(2 * Double.pi)))
        }
        ramp = rng.pick(ColorRamp.all)
        cycles = rng.double(1.2...1.9)
        let description = rng.fill(rng.pick(["{color} plasma waves", "abstract {color} interference pattern",
                                             "flowing {color} gradient art", "{color} liquid light"]),
                                   ["color": [ramp.name]])
        caption = Caption(description: description, altDescription: "abstract \(ramp.name) wavy gradient pattern")
    }

    /// The waves are smooth, so computing a quarter of the pixels and upscaling loses nothing visible.
    func render(into canvas: inout Canvas) {
        canvas.renderReduced(share: 0.25, budget: 120_000, renderExactly)
    }

    private func renderExactly(into canvas: inout Canvas) {
        let width = canvas.width
        // sin(a·x + b·y + p) = sin(a·x + p)·cos(b·y) + cos(a·x + p)·sin(b·y): per column, per wave,
        // the sine and cosine of its x part; per row the same of its y part.
        var columns = [Double](repeating: 0, count: width * waves.count * 2)
        for (column, x) in canvas.xs.enumerated() {
            for (w, wave) in waves.enumerated() {
                let angle = x * canvas.aspect * wave.frequency * cos(wave.angle) + wave.phase
                columns[(column * waves.count + w) * 2] = sin(angle)
                columns[(column * waves.count + w) * 2 + 1] = cos(angle)
            }
        }
        let rows = canvas.ys.map { y in waves.flatMap { [cos(y * $0.frequency * sin($0.angle)), sin(y * $0.frequency * sin($0.angle))] } }
        let scale = 255 * cycles / Double(2 * waves.count), waveCount = waves.count
        columns.withUnsafeBufferPointer { columnsBuffer in
            ramp.table.withUnsafeBufferPointer { tableBuffer in
                canvas.pixels.withUnsafeMutableBufferPointer { buffer in
                    let table = tableBuffer.baseAddress!
                    var pixel = buffer.baseAddress!
                    for rowTerms in rows {
                        rowTerms.withUnsafeBufferPointer { rowBuffer in
                            let terms = rowBuffer.baseAddress!
                            var column = columnsBuffer.baseAddress!
                            var remaining = width
                            while remaining > 0 {
                                var sum = Double(waveCount)
                                var w = 0
                                while w < waveCount {
                                    sum += column[0] * terms[2 * w] + column[1] * terms[2 * w + 1]
                                    column += 2
                                    w += 1
                                }
                                // Mirror so the ramp cycles without a seam.
                                let position = Int(sum * scale) % 510
                                let entry = (position < 256 ? position : 509 - position) * 3
                                pixel[0] = table[entry]; pixel[1] = table[entry + 1]; pixel[2] = table[entry + 2]
                                pixel += 3
                                remaining -= 1
                            }
                        }
                    }
                }
            }
        }
    }
}
