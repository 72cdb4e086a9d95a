import CSixel
public import Imaging

/// libsixel's encoder as `SixelEncoder` used it before it had its own (adaptive median cut over a
/// 5-bit histogram, 256 registers, no diffusion, registers moved to the middle of their histogram
/// bucket): the yardstick our encoder's quality and size are held to.
public enum LibsixelReferenceEncoder {
    public static func encode(_ image: RGBImage) throws -> [UInt8] {
        var pixels = image.pixels
        return try pixels.withUnsafeMutableBufferPointer { buffer in
            var dither: OpaquePointer?
            try SixelDecoder.check(sixel_dither_new(&dither, 256, nil))
            defer { sixel_dither_unref(dither) }
            try SixelDecoder.check(sixel_dither_initialize(dither, buffer.baseAddress, Int32(image.width),
                                                           Int32(image.height), SIXEL_PIXELFORMAT_RGB888,
                                                           SIXEL_LARGE_NORM, SIXEL_REP_AVERAGE_PIXELS,
                                                           SIXEL_QUALITY_HIGH))
            sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_NONE)
            if let palette = sixel_dither_get_palette(dither) {
                // libsixel reports a 5-bit bucket by its lowest value; its middle is 4 levels up.
                for i in 0..<Int(sixel_dither_get_num_of_palette_colors(dither)) * 3 {
                    palette[i] = UInt8(min(255, Int(palette[i]) + 4))
                }
            }
            let sink = Sink()
            var output: OpaquePointer?
            try SixelDecoder.check(sixel_output_new(&output, { data, size, context in
                guard let data, let context, size > 0 else { return 0 }
                let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
                }
                return size
            }, Unmanaged.passUnretained(sink).toOpaque(), nil))
            defer { sixel_output_unref(output) }
            try withExtendedLifetime(sink) {
                try SixelDecoder.check(sixel_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), 3,
                                                    dither, output))
            }
            return sink.bytes
        }
    }

    /// Collects what libsixel writes; reached from its C callback through an unretained pointer.
    private final class Sink {
        var bytes: [UInt8] = []
    }
}
