public import Imaging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RGBImage {
    /// Peak signal-to-noise ratio in dB between this image and `other` over all three channels
    /// (peak 255): higher is closer, `infinity` when identical. For judging lossy encodings.
    /// Both images must have the same size.
    public func psnr(comparedTo other: RGBImage) -> Double {
        precondition(width == other.width && height == other.height, "PSNR of \(self) against \(other)")
        var squaredError = 0
        for i in pixels.indices {
            let d = Int(pixels[i]) - Int(other.pixels[i])
            squaredError += d * d
        }
        guard squaredError > 0 else { return .infinity }
        let meanSquaredError = Double(squaredError) / Double(pixels.count)
        return 10 * log10(255 * 255 / meanSquaredError)
    }
}
