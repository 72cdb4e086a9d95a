import Foundation
import TerminalVocabulary
import Testing
import TestSupport
@testable import Imaging
import ImagingTestSupport

/// `OrderedDither`: gradients lose their bands, photos keep their PSNR, and the bytes stay the
/// same from one encode to the next. `measureDithering` prints the figures in BENCHMARKS.md,
/// "Sixel dithering" (`swift test --filter SixelDitherTests`).
@Suite struct SixelDitherTests {
    /// A sky: (40, 90, 170) at the top to (200, 220, 250) at the bottom, lighter to the right as
    /// towards the sun, so it has more colours than registers (a purely vertical ramp of 200 rows
    /// has 200 colours and is sent exactly).
    static let sky = RGBImage(width: 640, height: 200, pixels: (0..<200).flatMap { y in
        (0..<640).flatMap { x -> [UInt8] in
            let t = Double(y) / 199, glow = 24 * Double(x) / 639
            return [40 + 160 * t, 90 + 130 * t, 170 + 80 * t].map { UInt8(min(255, ($0 + glow).rounded())) }
        }
    })

    /// A colour wheel: hue around the centre, saturation out from it (full from the circle out).
    static let wheel = RGBImage(width: 256, height: 256, pixels: (0..<256).flatMap { y in
        (0..<256).flatMap { x -> [UInt8] in
            let dx = Double(x) - 127.5, dy = Double(y) - 127.5
            let saturation = min(1, (dx * dx + dy * dy).squareRoot() / 127.5)
            let hue = (atan2(dy, dx) / (2 * Double.pi) + 1).truncatingRemainder(dividingBy: 1) * 6
            let channel = { (n: Double) -> UInt8 in
                let k = (n + hue).truncatingRemainder(dividingBy: 6)
                let pure = max(0, min(1, min(k, 4 - k)))
                return UInt8((255 * (1 - saturation * (1 - pure))).rounded())
            }
            return [channel(5), channel(3), channel(1)]
        }
    })

    /// The image as the eye sees it from a little way off: each pixel the mean of the 9x9 square
    /// around it (cut at the edges). Banding survives it, a dither's fine pattern does not.
    static func blurred(_ image: RGBImage, radius: Int = 4) -> RGBImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = SIMD3<Int>.zero, n = 0
                for v in max(0, y - radius)...min(image.height - 1, y + radius) {
                    for u in max(0, x - radius)...min(image.width - 1, x + radius) {
                        let i = 3 * (v * image.width + u)
                        sum &+= SIMD3(Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
                        n += 1
                    }
                }
                let i = 3 * (y * image.width + x)
                for c in 0..<3 { out.pixels[i + c] = UInt8((sum[c] + n / 2) / n) }
            }
        }
        return out
    }

    /// Banding: the longest run of one colour in the decoded sixel down its middle column and
    /// along its middle row (pixels): a band is a stripe of one flat colour, and the eye sees its
    /// width (in the original, no run down the sky is longer than 2 rows); and the PSNR of the
    /// decode blurred against the image blurred (dB), which says whether the mean colour of a
    /// neighbourhood is kept.
    static func banding(_ image: RGBImage, dither: OrderedDither?, alongRows: Bool, radius: Int = 2) throws
        -> (longestRun: Int, blurredPSNR: Double, bytes: Int) {
        let bytes = SixelBudget(dither: dither).encode(image, registers: 256, quantizedRegisters: SixelEncoder.quantizedRegisters).bytes
        return (longestRun(try SixelDecoder.decode(bytes), alongRows: alongRows),
                blurred(try SixelDecoder.decode(bytes), radius: radius).psnr(comparedTo: blurred(image, radius: radius)), bytes.count)
    }

    /// The longest run of one colour down the middle column, and along the middle row if `alongRows`.
    static func longestRun(_ image: RGBImage, alongRows: Bool) -> Int {
        func longest(_ offsets: [Int]) -> Int {
            var longest = 0, run = 0
            for (n, i) in offsets.enumerated() {
                run = n > 0 && image.pixels[i..<i + 3] == image.pixels[offsets[n - 1]..<offsets[n - 1] + 3] ? run + 1 : 1
                longest = max(longest, run)
            }
            return longest
        }
        let down = longest((0..<image.height).map { 3 * ($0 * image.width + image.width / 2) })
        return alongRows ? max(down, longest((0..<image.width).map { 3 * (image.height / 2 * image.width + $0) })) : down
    }

    /// A photo at `width`x`height`, filled.
    static func photo(_ path: String, width: Int, height: Int) throws -> RGBImage {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try ImageDecoder.decode(bytes, covering: PixelSize(width: width, height: height))
            .aspectFill(width: width, height: height)
    }

    /// PSNR of the decoded sixel against `image`, its bytes and the encode's milliseconds.
    static func quality(_ image: RGBImage, dither: OrderedDither?) throws -> (psnr: Double, bytes: Int, milliseconds: Double) {
        let start = ContinuousClock.now
        let bytes = SixelBudget(dither: dither).encode(image, registers: 256, quantizedRegisters: SixelEncoder.quantizedRegisters).bytes
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        return (try SixelDecoder.decode(bytes).psnr(comparedTo: image), bytes.count, milliseconds)
    }

    @Test func gradientsLoseTheirBands() throws {
        // The sky changes down its columns; along its rows, too slowly for 1% sixel colours.
        let plainSky = try Self.banding(Self.sky, dither: nil, alongRows: false)
        let sky = try Self.banding(Self.sky, dither: OrderedDither(), alongRows: false)
        #expect(sky.longestRun * 2 <= plainSky.longestRun, "sky: \(sky) vs undithered \(plainSky)")
        // The wheel's registers are further apart than the offsets reach (`largestSpacing`): fewer bands.
        let plainWheel = try Self.banding(Self.wheel, dither: nil, alongRows: true)
        let wheel = try Self.banding(Self.wheel, dither: OrderedDither(), alongRows: true)
        #expect(wheel.longestRun < plainWheel.longestRun, "wheel: \(wheel) vs undithered \(plainWheel)")
    }

    @Test(.enabled(if: SharedPhotos.has(endingWith: "-1080.jpg"), SharedPhotos.absent))
    func photosKeepTheirPSNR() throws {
        var drops: [String: Double] = [:]
        for path in SharedPhotos.paths(endingWith: "-1080.jpg") {
            let image = try Self.photo(path, width: 240, height: 160)
            drops[path] = try Self.quality(image, dither: nil).psnr - Self.quality(image, dither: OrderedDither()).psnr
        }
        // Within 1 dB on average; a photo with a smooth sky (rocket) pays more, up to 2 dB, for
        // losing its bands: the dither's noise is what PSNR counts and the eye does not.
        #expect(drops.values.reduce(0, +) / Double(max(1, drops.count)) < 1, "\(drops)")
        #expect(drops.values.allSatisfy { $0 < 2 }, "\(drops)")
    }

    @Test func aPictureEncodedTwiceGivesTheSameBytes() throws {
        for image in [Self.sky, Self.wheel, TestImages.noise(width: 50, height: 40, seed: 3)] {
            #expect(try SixelEncoder.encode(image) == SixelEncoder.encode(image))
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["GALLERY_MEASURE_DITHER"] != nil))
    func measureDithering() throws {
        let variants: [(String, OrderedDither?)] = [("none", nil),
            ("50%, boxes to 32", OrderedDither(strength: 50, largestSpacing: 32)),
            ("75%, boxes to 16", OrderedDither(strength: 75, largestSpacing: 16)),
            ("100%, boxes to 24", OrderedDither(strength: 100, largestSpacing: 24)),
            ("100%, boxes to 16 (chosen)", OrderedDither(strength: 100, largestSpacing: 16)),
            ("100%, boxes to 32", OrderedDither(strength: 100, largestSpacing: 32))]
        for (name, image, alongRows) in [("sky 640x200", Self.sky, false), ("wheel 256x256", Self.wheel, true)] {
            print("| \(name) | original | \(Self.longestRun(image, alongRows: alongRows)) px | | |")
            for (variant, dither) in variants {
                let b = try Self.banding(image, dither: dither, alongRows: alongRows)
                print(String(format: "| %@ | %@ | %d px | %.2f dB | %d |", name, variant, b.longestRun, b.blurredPSNR, b.bytes))
            }
        }
        for (width, height) in [(240, 160), (800, 600)] {
            let paths = SharedPhotos.paths(endingWith: "-1080.jpg")
            let photos = try paths.map { try Self.photo($0, width: width, height: height) }
            let plain = try photos.map { try Self.quality($0, dither: nil).psnr }
            for (variant, dither) in variants {
                var psnr = 0.0, worstDrop = 0.0, bytes = 0, ms = 0.0
                for (n, (image, before)) in zip(photos, plain).enumerated() {
                    let q = try Self.quality(image, dither: dither)
                    if variant.hasSuffix("(chosen)") {
                        print(String(format: "  %@ %dx%d: %.2f -> %.2f dB", (paths[n] as NSString).lastPathComponent, width, height, before, q.psnr))
                    }
                    psnr += q.psnr; worstDrop = max(worstDrop, before - q.psnr); bytes += q.bytes; ms += q.milliseconds
                }
                let n = Double(photos.count)
                print(String(format: "| photos %dx%d | %@ | %.2f dB | %.2f dB | %.0f | %.1f ms |", width, height, variant,
                             psnr / n, worstDrop, Double(bytes) / n, ms / n))
            }
        }
    }
}
