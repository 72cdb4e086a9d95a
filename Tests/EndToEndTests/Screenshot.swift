import Foundation
import TestSupport

/// An RGB screenshot of an X display (ImageMagick's `import -window root`, read as binary PPM).
struct Screenshot: Equatable {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// A rectangle of pixels.
    struct Region {
        var x: Int, y: Int, width: Int, height: Int
    }

    enum Failure: Error, CustomStringConvertible {
        case captureFailed(String)
        case notPPM
        var description: String {
            switch self {
            case .captureFailed(let why): return "screenshot failed: \(why)"
            case .notPPM: return "screenshot is not a binary PPM"
            }
        }
    }

    /// Captures `display` into `path` (a .ppm) and reads it back.
    static func capture(display: String, to path: String) throws -> Screenshot {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let result = try runProgram(["import", "-window", "root", "-depth", "8", "ppm:\(path)"], environment: environment)
        guard result.status == 0 else { throw Failure.captureFailed(result.stderr) }
        return try Screenshot(ppm: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Parses binary PPM (P6, maxval 255).
    init(ppm bytes: [UInt8]) throws {
        var index = 0
        func token() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                    index += 1
                } else { break }
            }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index])) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw Failure.notPPM
        }
        index += 1  // the single whitespace after maxval
        guard bytes.count - index >= width * height * 3 else { throw Failure.notPPM }
        self.width = width
        self.height = height
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    func luminance(x: Int, y: Int) -> Double {
        let offset = (y * width + x) * 3
        return 0.299 * Double(pixels[offset]) + 0.587 * Double(pixels[offset + 1]) + 0.114 * Double(pixels[offset + 2])
    }

    /// Standard deviation of the luminance: near 0 for a blank area, large for a picture.
    func luminanceDeviation(in region: Region) -> Double {
        let region = clamped(region)
        var sum = 0.0, squares = 0.0, count = 0.0
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let value = luminance(x: x, y: y)
                sum += value
                squares += value * value
                count += 1
            }
        }
        guard count > 0 else { return 0 }
        let mean = sum / count
        return (max(0, squares / count - mean * mean)).squareRoot()
    }

    /// Mean absolute difference per channel between `region` here and the same-sized region at
    /// `otherOrigin` in `other`: 0 for identical pixels.
    func difference(_ region: Region, from other: Screenshot, at otherOrigin: (x: Int, y: Int)) -> Double {
        // Both regions must lie inside their pictures; a window geometry read while the window was
        // still settling could otherwise point outside them.
        let region = clamped(region)
        let shifted = other.clamped(Region(x: otherOrigin.x, y: otherOrigin.y, width: region.width, height: region.height))
        guard shifted.x == otherOrigin.x, shifted.y == otherOrigin.y,
              shifted.width == region.width, shifted.height == region.height else { return .infinity }
        var total = 0, count = 0
        for dy in 0..<region.height {
            for dx in 0..<region.width {
                let a = ((region.y + dy) * width + region.x + dx) * 3
                let b = ((otherOrigin.y + dy) * other.width + otherOrigin.x + dx) * 3
                for channel in 0..<3 { total += abs(Int(pixels[a + channel]) - Int(other.pixels[b + channel])) }
                count += 3
            }
        }
        return count == 0 ? 0 : Double(total) / Double(count)
    }

    /// The root mean square difference of `region` here and in `other` (at the same place), each
    /// channel scaled to 0...1, as ImageMagick's `compare -metric RMSE` normalises it: 0 for
    /// identical pixels, 1 for black against white everywhere.
    func rootMeanSquareError(_ region: Region, from other: Screenshot) -> Double {
        let region = clamped(region)
        guard other.clamped(region).width == region.width, other.clamped(region).height == region.height else { return 1 }
        var total = 0.0, count = 0
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let a = (y * width + x) * 3, b = (y * other.width + x) * 3
                for channel in 0..<3 {
                    let difference = Double(Int(pixels[a + channel]) - Int(other.pixels[b + channel])) / 255
                    total += difference * difference
                }
                count += 3
            }
        }
        return count == 0 ? 0 : (total / Double(count)).squareRoot()
    }

    /// `region` cut to the picture (empty when it lies outside).
    /// The share of `region`'s pixels (0...1) whose luminance is more than `threshold` from
    /// `luminance`: how much of it a picture covers, against the screen's background.
    func coverage(of region: Region, unlike luminance: Double, by threshold: Double = 12) -> Double {
        let region = clamped(region)
        guard region.width > 0, region.height > 0 else { return 0 }
        var unlike = 0
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) where abs(self.luminance(x: x, y: y) - luminance) > threshold {
                unlike += 1
            }
        }
        return Double(unlike) / Double(region.width * region.height)
    }

    func clamped(_ region: Region) -> Region {
        let x0 = min(max(0, region.x), width), y0 = min(max(0, region.y), height)
        let x1 = min(max(x0, region.x + region.width), width), y1 = min(max(y0, region.y + region.height), height)
        return Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
