import CPNG

/// PNG decode and encode with libpng's simplified API (`png_image`), 8-bit sRGB RGB only.
public enum PNGCodec {
    /// Decodes a PNG of any colour type and bit depth to 8-bit RGB.
    ///
    /// Alpha (an alpha channel or tRNS) is composited over `background`. The size announced by the
    /// header is checked against `maxPixels` before pixel memory is allocated; truncated or
    /// damaged data (bad CRC, short IDAT) is `.corrupt`.
    public static func decode(_ data: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        // libpng reads from `data` until `finish_read`, so both calls stay inside one borrow.
        return try data.withEncodedBytes { data in
            guard !data.isEmpty else { throw ImageError.empty }
            let source = readableChunks(of: data)
            var png = png_image()
            png.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&png) }
            guard png_image_begin_read_from_memory(&png, source.baseAddress, source.count) != 0 else {
                throw ImageError.corrupt(message(of: png))
            }
            let width = Int(png.width), height = Int(png.height)
            guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
            guard width > 0, height > 0, width * 3 <= Int(Int32.max) else {
                throw ImageError.corrupt("unusable size \(width)x\(height)")
            }
            png.format = png_uint_32(PNG_FORMAT_RGB)
            var backdrop = png_color(red: background.r, green: background.g, blue: background.b)
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            let finished = pixels.withUnsafeMutableBytes { target in
                png_image_finish_read(&png, &backdrop, target.baseAddress, png_int_32(width * 3), nil)
            }
            guard finished != 0 else { throw ImageError.corrupt(message(of: png)) }
            return RGBImage(width: width, height: height, pixels: pixels)
        }
    }

    /// Encodes RGB pixels as an 8-bit RGB PNG (lossless, libpng's default compression).
    public static func encode(_ image: RGBImage) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(PNG_FORMAT_RGB)
        defer { png_image_free(&png) }
        // Deflate never grows data by more than a few bytes per 64 KiB block and libpng adds 12
        // bytes per IDAT chunk, so this capacity almost always suffices and the image is
        // compressed once; if not, libpng reports the size it needs and we compress again.
        let raw = image.pixels.count + image.height
        var capacity = raw + raw / 64 + 1024
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = image.pixels.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    png_image_write_to_memory(&png, target.baseAddress, &size, 0, source.baseAddress,
                                              png_int_32(image.width * 3), nil)
                }
            }
            if written != 0 {
                output.removeLast(capacity - Int(size))
                return output
            }
            guard Int(size) > capacity else { throw ImageError.corrupt(message(of: png)) }
            capacity = Int(size)
        }
    }

    /// `data` up to the first chunk that announces more bytes than follow it.
    ///
    /// libpng allocates a chunk's buffer at the length the chunk announces before reading it,
    /// so a few damaged bytes in a 100-byte file had it ask for up to 2 GB (found by fuzzing).
    /// Such a chunk cannot be read anyway: without it libpng sees the file end there, which is
    /// corrupt data when rows are missing and a harmless lost trailer when not, as before.
    static func readableChunks(of data: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var chunk = 8  // after the signature
        while chunk + 8 <= data.count {
            let length = data[chunk..<(chunk + 4)].reduce(0) { $0 << 8 | Int($1) }
            // Length, type and data must fit; a cut CRC is libpng's to judge.
            guard length <= data.count - chunk - 8 else { return UnsafeBufferPointer(rebasing: data[..<chunk]) }
            chunk += 12 + length
        }
        return data
    }

    private static func message(of png: png_image) -> String {
        var message = png.message
        let text = withUnsafeBytes(of: &message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libpng failed" : text
    }
}
