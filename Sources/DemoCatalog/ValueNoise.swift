/// 1D value noise and its fractal sums, continuous in x so ridgelines are the same shape at
/// every output size.
struct ValueNoise: Sendable {
    let seed: UInt64

    /// Smoothly interpolated lattice noise in 0...1.
    func value(_ x: Double) -> Double {
        let cell = x.rounded(.down)
        let t = x - cell
        let i = UInt64(bitPattern: Int64(cell))
        let a = SplitMix64.unit(hashing: seed ^ i)
        let b = SplitMix64.unit(hashing: seed ^ (i &+ 1))
        return a + (b - a) * (t * t * (3 - 2 * t))
    }

    /// Fractal Brownian motion: `octaves` layers, each twice the frequency and `persistence` times
    /// the amplitude of the last. With `ridged`, each layer is folded into sharp crests. In 0...1.
    func fractal(_ x: Double, octaves: Int, persistence: Double, ridged: Bool) -> Double {
        var sum = 0.0, amplitude = 1.0, total = 0.0, frequency = 1.0
        for octave in 0..<octaves {
            var n = ValueNoise(seed: seed &+ UInt64(octave) &* 0x51_7CC1_B727_220A).value(x * frequency + Double(octave) * 17.3)
            if ridged { n = 1 - abs(2 * n - 1) }
            sum += n * amplitude
            total += amplitude
            amplitude *= persistence
            frequency *= 2
        }
        return sum / total
    }
}
