import Imaging

/// Small deterministic images and byte fixtures shared by the Imaging tests.
enum TestImages {
    /// An image from rows of colours (all rows the same length).
    static func image(_ rows: [[RGB]]) -> RGBImage {
        let width = rows.first?.count ?? 0
        precondition(rows.allSatisfy { $0.count == width })
        return RGBImage(width: width, height: rows.count, pixels: rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b] } })
    }

    /// Pseudo-random pixels (a fixed linear congruential sequence), so failures reproduce.
    static func noise(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// `jpeg` with the frame header (SOF0…SOF15, except DHT/JPG/DAC) rewritten to announce
    /// `width` x `height`. Walks the marker segments, so it never patches a byte that only looks
    /// like a marker.
    static func patchingFrameSize(of jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return bytes
            }
            i += 2 + length
        }
        preconditionFailure("no frame header found")
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
