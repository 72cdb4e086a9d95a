public import TerminalVocabulary
import CWebP

/// WebP decode with libwebp: lossy and lossless, alpha composited over a background as PNG's is, scaled
/// while decoding when the picture is wanted smaller (libwebp's rescaler averages the area, so
/// a thumbnail costs a fraction of a full decode). An animation gives its first frame.
public enum WebPCodec {
    /// Decodes a WebP. `target`, given the picture's size, names a size to cover: the picture is
    /// decoded at the smallest size with its own aspect that covers it (`ScaledSize`).
    /// - Throws: `.tooLarge` when the header announces more than `maxPixels` (checked before any
    ///   pixel memory is allocated), `.corrupt` with libwebp's reason for damage.
    public static func decode(_ data: some EncodedBytes,
                              coveringFor target: (PixelSize) -> PixelSize? = { _ in nil },
                              maxPixels: Int = JPEGCodec.defaultMaxPixels, background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try data.withEncodedBytes { data in
            guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw ImageError.corrupt("libwebp version mismatch") }
            try check(WebPGetFeatures(base, data.count, &config.input), "header")
            let width = Int(config.input.width), height = Int(config.input.height)
            guard width > 0, height > 0 else { throw ImageError.corrupt("no image size in WebP header") }
            guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
            if config.input.has_animation != 0 { return try firstFrame(of: data, width: width, height: height, over: background) }
            let stored = PixelSize(width: width, height: height)
            // libwebp's RGBA and our RGB, within the budget whatever the caller wants.
            let size = ScaledSize.withinBudget(ScaledSize.covering(target(stored), source: stored), bytesPerPixel: 7)
            if size != stored {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(size.width)
                config.options.scaled_height = Int32(size.height)
            }
            return try decodeRGBA(data, at: size, with: &config, over: background)
        }
    }

    /// Width and height from the header (the canvas of an animation).
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        var features = WebPBitstreamFeatures()
        try check(data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }, "header")
        return PixelSize(width: Int(features.width), height: Int(features.height))
    }

    /// Lets libwebp write the picture as `size` RGBA pixels into memory of ours, then composites them.
    private static func decodeRGBA(_ data: UnsafeBufferPointer<UInt8>, at size: PixelSize,
                                   with config: inout WebPDecoderConfig, over background: RGB) throws -> RGBImage {
        var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
        try rgba.withUnsafeMutableBufferPointer { buffer in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.width = Int32(size.width)
            config.output.height = Int32(size.height)
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(size.width * 4)
            config.output.u.RGBA.size = buffer.count
            try check(WebPDecode(data.baseAddress, data.count, &config), "picture")
        }
        return rgba.withUnsafeBufferPointer { RGBAPixels.composited($0, width: size.width, height: size.height, over: background) }
    }

    /// The first frame of an animation, as its canvas shows it.
    private static func firstFrame(of data: UnsafeBufferPointer<UInt8>, width: Int, height: Int, over background: RGB) throws -> RGBImage {
        try FirstFrame.of({ try forEachFrame(of: data, width: width, height: height, maxFrames: 1, over: background, $0) },
                          missing: "WebP animation without a readable frame")
    }

    /// Calls `body` with each frame of a WebP as its canvas shows it (libwebp's animation decoder
    /// composes frames that cover part of it) and how long it stays in milliseconds, until `body`
    /// returns false, the animation ends or `maxFrames` were shown. A still WebP is one frame.
    /// Transparency is composited over `background`, as `decode` does.
    /// - Throws: what `decode` throws for the header or the first frame; damage after the first
    ///   frame ends the animation there instead.
    public static func forEachFrame(_ data: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels, maxFrames: Int = 1000,
                                    background: RGB = RGB(0, 0, 0),
                                    _ body: (RGBImage, _ milliseconds: Int) throws -> Bool) throws {
        try data.withEncodedBytes { data in
            guard let base = data.baseAddress, !data.isEmpty else { throw ImageError.empty }
            var features = WebPBitstreamFeatures()
            try check(WebPGetFeatures(base, data.count, &features), "header")
            let width = Int(features.width), height = Int(features.height)
            guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
            guard features.has_animation != 0 else {
                _ = try body(decode(data, maxPixels: maxPixels, background: background), 0)
                return
            }
            try forEachFrame(of: data, width: width, height: height, maxFrames: maxFrames, over: background, body)
        }
    }

    private static func forEachFrame(of data: UnsafeBufferPointer<UInt8>, width: Int, height: Int, maxFrames: Int,
                                     over background: RGB, _ body: (RGBImage, Int) throws -> Bool) throws {
        // libwebp's animation decoder keeps two canvases whole (the frame being made and the one
        // before), 4 bytes a pixel, and cannot scale them (a 2 KB file of a 10000 x 10000 canvas
        // took 1.1 GB).
        if let refusal = DecodeBudget.refusal(of: "WebP animation of \(width)x\(height)", needing: 2 * 4 * width * height) {
            throw refusal
        }
        var webp = WebPData(bytes: data.baseAddress, size: data.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw ImageError.corrupt("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw ImageError.corrupt("unreadable WebP animation") }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width,
              Int(info.canvas_height) == height else { throw ImageError.corrupt("unreadable WebP animation") }
        // Each frame's timestamp is when it ends.
        var ended: Int32 = 0
        for index in 0..<maxFrames where WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                if index > 0 { return }
                throw ImageError.corrupt("WebP animation without a readable frame")
            }
            let image = RGBAPixels.composited(UnsafeBufferPointer(start: frame, count: width * height * 4), width: width, height: height,
                                              over: background)
            guard try body(image, FrameDelay.shown(milliseconds: Int(timestamp) - Int(ended))) else { return }
            ended = timestamp
        }
    }

    private static func check(_ status: VP8StatusCode, _ part: String) throws {
        guard status != VP8_STATUS_OK else { return }
        let reason: String
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: reason = "out of memory"
        case VP8_STATUS_INVALID_PARAM: reason = "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: reason = "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: reason = "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: reason = "not enough data (truncated)"
        default: reason = "error \(status.rawValue)"
        }
        throw ImageError.corrupt("WebP \(part): \(reason)")
    }
}
