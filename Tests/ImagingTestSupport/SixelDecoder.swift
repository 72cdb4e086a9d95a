public import Imaging
import CSixel

/// Reads a sixel image back into pixels with libsixel's decoder: for measuring how faithful a
/// sixel encoding is (ours or another tool's), not for showing untrusted input.
public enum SixelDecoder {
    /// The pixels of the first sixel image in `bytes` (a whole `ESC P … q … ESC \` sequence).
    /// Pixels the image never paints come back as palette entry 0.
    /// - Throws: `.unsupportedFormat` unless `bytes` start with a DCS introducer (`ESC P`).
    public static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        guard !bytes.isEmpty else { throw ImageError.empty }
        // libsixel reads anything as sixel data; text would come back as a tiny picture.
        guard bytes.starts(with: [0x1B, 0x50]) else { throw ImageError.unsupportedFormat }
        var allocator: OpaquePointer?
        try check(sixel_allocator_new(&allocator, nil, nil, nil, nil))
        defer { sixel_allocator_unref(allocator) }
        var indices: UnsafeMutablePointer<UInt8>?, palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { buffer in
            sixel_decode_raw(buffer.baseAddress, Int32(buffer.count), &indices, &width, &height,
                             &palette, &colors, allocator)
        }
        defer {
            sixel_allocator_free(allocator, indices)
            sixel_allocator_free(allocator, palette)
        }
        try check(status)
        guard let indices, let palette, width > 0, height > 0, colors > 0 else {
            throw ImageError.corrupt("sixel: no image")
        }
        let count = Int(width) * Int(height)
        var pixels = [UInt8](repeating: 0, count: count * 3)
        for i in 0..<count {
            // Registers are 3 bytes each (R, G, B); an index past the palette is drawn as entry 0.
            let entry = Int(indices[i]) < Int(colors) ? Int(indices[i]) : 0
            pixels[i * 3] = palette[entry * 3]
            pixels[i * 3 + 1] = palette[entry * 3 + 1]
            pixels[i * 3 + 2] = palette[entry * 3 + 2]
        }
        return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Throws for a libsixel failure status, with libsixel's description of it.
    static func check(_ status: SIXELSTATUS) throws {
        guard csixel_failed(status) != 0 else { return }
        let reason = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
        throw ImageError.corrupt("sixel: \(reason)")
    }
}
