import CTurboJPEG

/// JPEG decode and encode with libjpeg-turbo's TurboJPEG API.
public enum JPEGCodec {
    /// Default pixel cap: refuse anything above ~100 megapixels before allocating for it.
    public static let defaultMaxPixels = 100_000_000

    /// Reads width and height from the header without decoding.
    public static func dimensions(of data: [UInt8]) throws -> (width: Int, height: Int) {
        guard !data.isEmpty else { throw ImageError.empty }
        guard let handle = tjInitDecompress() else { throw ImageError.corrupt("cannot create decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        let rc = data.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle, buf.baseAddress, UInt(buf.count), &width, &height, &subsamp, &colorspace)
        }
        guard rc == 0 else { throw ImageError.corrupt(lastError(handle)) }
        return (Int(width), Int(height))
    }

    /// Decodes a JPEG. When `target` is given, uses libjpeg-turbo's DCT scaling (1/8…1/1) to decode
    /// at the smallest scale whose result still covers the target, which is several times faster
    /// than a full decode for thumbnails.
    public static func decode(_ data: [UInt8], covering target: (width: Int, height: Int)? = nil,
                              maxPixels: Int = defaultMaxPixels) throws -> RGBImage {
        guard !data.isEmpty else { throw ImageError.empty }
        guard let handle = tjInitDecompress() else { throw ImageError.corrupt("cannot create decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle, buf.baseAddress, UInt(buf.count), &width, &height, &subsamp, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { throw ImageError.corrupt(lastError(handle)) }
        let (scaledW, scaledH) = scaledSize(width: Int(width), height: Int(height), covering: target)
        guard scaledW * scaledH <= maxPixels else { throw ImageError.tooLarge(width: Int(width), height: Int(height)) }

        var pixels = [UInt8](repeating: 0, count: scaledW * scaledH * 3)
        let rc = data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress,
                              Int32(scaledW), 0, Int32(scaledH), Int32(TJPF_RGB.rawValue), TJFLAG_FASTDCT)
            }
        }
        // A truncated file decodes with a warning; keep what we got rather than failing the cell.
        if rc != 0 && tjGetErrorCode(handle) == TJERR_FATAL.rawValue {
            throw ImageError.corrupt(lastError(handle))
        }
        return RGBImage(width: scaledW, height: scaledH, pixels: pixels)
    }

    /// Encodes RGB pixels as a baseline JPEG with 4:2:0 chroma subsampling.
    public static func encode(_ image: RGBImage, quality: Int = 85) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        guard let handle = tjInitCompress() else { throw ImageError.corrupt("cannot create encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGB.rawValue), &out, &size, Int32(TJSAMP_420.rawValue),
                        Int32(max(1, min(100, quality))), TJFLAG_FASTDCT)
        }
        defer { if let out { tjFree(out) } }
        guard rc == 0, let out else { throw ImageError.corrupt(lastError(handle)) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The output size of the smallest DCT scale factor that covers `target` (both sides ≥ target).
    static func scaledSize(width: Int, height: Int, covering target: (width: Int, height: Int)?) -> (Int, Int) {
        guard let target, target.width > 0, target.height > 0 else { return (width, height) }
        // libjpeg-turbo's factors num/8 for num in 1...8 are always supported; pick the smallest.
        for num in 1...8 {
            let w = (width * num + 7) / 8, h = (height * num + 7) / 8
            if w >= target.width && h >= target.height { return (w, h) }
        }
        return (width, height)
    }

    private static func lastError(_ handle: tjhandle) -> String {
        guard let msg = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: msg)
    }
}
