public import TerminalVocabulary

extension PNGCodec {
    /// Width and height from the IHDR chunk, which the PNG format puts first: only the first
    /// 24 bytes are read.
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        guard !data.isEmpty else { throw ImageError.empty }
        guard ImageFormat(sniffing: data) == .png else { throw ImageError.unsupportedFormat }
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), big-endian.
        guard data.count >= 24, data[12..<16].elementsEqual("IHDR".utf8) else {
            throw ImageError.corrupt("no IHDR chunk")
        }
        let width = data[16..<20].bigEndianInteger, height = data[20..<24].bigEndianInteger
        guard width > 0, height > 0 else { throw ImageError.corrupt("no image size in header") }
        return PixelSize(width: width, height: height)
    }
}

extension ImageDecoder {
    /// Width and height of the upright picture, without decoding any pixels: Exif orientation 5
    /// to 8 swap a JPEG's or PNG's, and TIFF, HEIF, camera RAW and JPEG XL give theirs upright. The bytes may be just the
    /// start of the file, as long as they hold the header (HEIF's and TIFF's may be anywhere in it).
    public static func dimensions(of bytes: [UInt8]) throws -> PixelSize {
        PhotoMetadata(reading: bytes).orientation.upright(try storedDimensions(of: bytes))
    }

    /// The header's width and height, as the pixels are stored.
    private static func storedDimensions(of bytes: [UInt8]) throws -> PixelSize {
        guard !bytes.isEmpty else { throw ImageError.empty }
        switch bytes.withUnsafeBufferPointer(ImageFormat.init(contentsOf:)) {
        case .jpeg: return try JPEGCodec.dimensions(of: bytes)
        case .png: return try PNGCodec.dimensions(of: bytes)
        case .gif: return try GIFCodec.dimensions(of: bytes)
        case .bmp: return try BMPCodec.dimensions(of: bytes)
        case .webp: return try WebPCodec.dimensions(of: bytes)
        case .tiff: return try TIFFCodec.dimensions(of: bytes)
        case .heif: return try HEIFCodec.dimensions(of: bytes)
        case .cameraRaw: return try CameraRawCodec.dimensions(of: bytes)
        case .jpegXL: return try JPEGXLCodec.dimensions(of: bytes)
        case nil: throw ImageError.unsupportedFormat
        }
    }
}
