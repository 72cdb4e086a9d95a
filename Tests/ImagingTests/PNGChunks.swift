@testable import Imaging

/// PNGs written byte by byte (stored, uncompressed deflate blocks), with any chunks and any filter
/// bytes: what the PNG colour and damage tests decode.
enum PNGChunks {
    /// A PNG of `rows` (each row's samples, without its filter byte; `filters[y]` or 0 before it),
    /// with `extra` chunks (type, data) between IHDR and IDAT.
    static func png(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
                    filters: [Int: UInt8] = [:], extra: [(String, [UInt8])] = []) -> [UInt8] {
        let header = ExifFixtures.be32(UInt32(width)) + ExifFixtures.be32(UInt32(height)) + [bitDepth, colorType, 0, 0, 0]
        var raw: [UInt8] = []
        for (y, row) in rows.enumerated() { raw += [filters[y] ?? 0] + row }
        var out = TestImages.pngSignature + chunk("IHDR", header)
        for (type, data) in extra { out += chunk(type, data) }
        return out + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// An interlaced (Adam7) 8-bit RGB PNG of `image`, each pass's rows stored with filter 0.
    static func interlaced(_ image: RGBImage) -> [UInt8] {
        let header = ExifFixtures.be32(UInt32(image.width)) + ExifFixtures.be32(UInt32(image.height)) + [8, 2, 0, 0, 1]
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < image.width && y0 < image.height {
            for y in stride(from: y0, to: image.height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: image.width, by: dx) {
                    let at = (y * image.width + x) * 3
                    raw += image.pixels[at..<(at + 3)]
                }
            }
        }
        return TestImages.pngSignature + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return ExifFixtures.be32(UInt32(data.count)) + typeBytes + data
            + ExifFixtures.be32(TestImages.crc32((typeBytes + data)[...]))
    }

    /// A gAMA chunk's data: `gamma` times 100,000.
    static func gamma(_ gamma: Double) -> [UInt8] { ExifFixtures.be32(UInt32((gamma * 100_000).rounded())) }

    /// A zlib stream of stored blocks: no compression, so no zlib needed to write it.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + ExifFixtures.be32(b << 16 | a)
    }
}
