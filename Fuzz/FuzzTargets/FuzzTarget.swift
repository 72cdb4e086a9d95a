import Imaging

/// Every fuzz target: one input in, nothing out, a crash or a thrown `FuzzFinding` when the code
/// under test misbehaves. The raw values are the names `make fuzz`, the corpus and the
/// regression directories use.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Our eighth-scale DC decoder against libjpeg-turbo, the public JPEG decode, and the zoom's
    /// region decode against a whole one.
    case jpeg
    /// libpng through `PNGCodec` and `ImageDecoder`, and a re-encode of what decodes.
    case png
    /// Exif blocks through libexif (`PhotoMetadata`) in a JPEG and a PNG, and the orientation applied.
    case exif
    /// libwebp through `ImageDecoder`: still and animated, scaled and full.
    case webp
    /// giflib through `ImageDecoder`: the first frame on its screen.
    case gif
    /// libtiff through `CTIFF` and `ImageDecoder`: the first directory, upright.
    case tiff
    /// Our BMP decoder through `ImageDecoder`.
    case bmp
    /// libheif (loaded through `CHEIF`) through `ImageDecoder`: HEIC and AVIF, thumbnails.
    case heif
    /// LibRaw (loaded through `CLibRaw`) through `ImageDecoder`: a camera RAW's preview, else its
    /// sensor's data developed, and its metadata.
    case raw
    /// libjxl (loaded through `CJXL`) through `ImageDecoder`: JPEG XL codestreams and containers.
    case jxl
    /// FFmpeg (loaded through `CFFmpeg`) through `VideoFile`: the container probe, the poster, frames.
    case video
    /// Sixel, kitty, iTerm2, half-block and ASCII output of a small image, and the resizes before them.
    case encoders
    /// Unsplash API bodies (photo list, photo, search results, statistics) and what the app shows of them.
    case unsplashJSON = "unsplash-json"
    /// Picsum bodies (list, info) and the photos and URLs made from them.
    case picsumJSON = "picsum-json"
    /// Response header lines, `Retry-After` and `Link`.
    case httpHeaders = "http-headers"
    /// What a terminal answers to the capability probe.
    case terminalReplies = "terminal-replies"
    /// File names of any bytes, made in a temporary folder: its listing, the paths shown and
    /// percent-encoded, each file read and trashed and back.
    case folderNames = "folder-names"
    /// The index of dates taken kept in the cache folder (`DateIndex`): read whole or refused,
    /// and written back to the same entries.
    case dateIndex = "date-index"
    /// XMP sidecars: the labels read, each set and read back the same, every other byte kept.
    case xmp

    /// Runs this target on one input.
    /// - Throws: a `FuzzFinding` when a result is wrong without crashing; nothing else.
    public func run(_ input: UnsafeRawBufferPointer) throws {
        #if TESTABLE_IMPORTS
        switch self {
        case .jpeg: try JPEGFuzzTarget.run(input)
        case .png: try PNGFuzzTarget.run(input)
        case .exif: try ExifFuzzTarget.run(input)
        case .webp: try FormatFuzzTarget.run(input, as: .webp)
        case .gif: try FormatFuzzTarget.run(input, as: .gif)
        case .tiff: try FormatFuzzTarget.run(input, as: .tiff)
        case .bmp: try FormatFuzzTarget.run(input, as: .bmp)
        case .heif: try FormatFuzzTarget.run(input, as: .heif)
        case .raw:
            try FormatFuzzTarget.run(input, as: .cameraRaw)
            _ = PhotoMetadata(readingFile: Array(input))
        case .jxl: try FormatFuzzTarget.run(input, as: .jpegXL)
        case .video: try VideoFuzzTarget.run(input)
        case .encoders: try EncoderFuzzTarget.run(input)
        case .unsplashJSON: try UnsplashJSONFuzzTarget.run(input)
        case .picsumJSON: try PicsumJSONFuzzTarget.run(input)
        case .httpHeaders: try HTTPHeaderFuzzTarget.run(input)
        case .terminalReplies: try TerminalReplyFuzzTarget.run(input)
        case .folderNames: try FolderNamesFuzzTarget.run(input)
        case .dateIndex: try DateIndexFuzzTarget.run(input)
        case .xmp: try XMPFuzzTarget.run(input)
        }
        #else
        fatalError("fuzz targets need testable imports: use a debug build or `make fuzz`")
        #endif
    }

    /// `run` on an array, for replaying saved inputs.
    public func run(_ input: [UInt8]) throws {
        try input.withUnsafeBytes { try run($0) }
    }
}
