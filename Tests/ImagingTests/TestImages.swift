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

    /// `png` with its IHDR rewritten to announce `width` x `height`, CRC recomputed so only the
    /// size is wrong.
    static func patchingPNGSize(of png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        // Signature (8), length (4), "IHDR" (4), then width and height; the CRC covers type + data.
        var bytes = png
        precondition(Array(bytes[12..<16]) == Array("IHDR".utf8))
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(k))) }
        }
        let crc = crc32(bytes[12..<29])
        for k in 0..<4 { bytes[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return bytes
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A 3x1 RGBA PNG (made with Python's zlib): opaque red, fully transparent green,
    /// half-transparent blue (alpha 128).
    static let rgbaPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1B, 0xE0, 0x14,
        0xB4, 0x00, 0x00, 0x00, 0x12, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x08, 0x81, 0xE0, 0x7F, 0x03, 0x00, 0x1E, 0x6F, 0x04, 0x7D, 0x88, 0xBC, 0x06, 0xD9, 0x00,
        0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A 2x2 8-bit greyscale PNG (made with Python's zlib): rows [0, 255] and [100, 200].
    static let greyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x00, 0x00, 0x57, 0xDD, 0x52,
        0xF8, 0x00, 0x00, 0x00, 0x0E, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0xF8, 0xCF, 0x90,
        0x72, 0x02, 0x00, 0x05, 0x92, 0x02, 0x2C, 0x63, 0x2C, 0xFA, 0x85, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
