/// An encoded image format, recognised from its first bytes (never from a file name or a
/// Content-Type header, which are often wrong).
public enum ImageFormat: Sendable, Equatable, CaseIterable {
    /// JFIF/Exif JPEG: starts FF D8 FF.
    case jpeg
    /// PNG: starts with the 8-byte PNG signature.
    case png
    /// WebP: a RIFF container of form type "WEBP".
    case webp
    /// GIF87a or GIF89a.
    case gif
    /// TIFF, little- ("II*\0") or big-endian ("MM\0*").
    case tiff
    /// HEIF (HEIC) and AVIF: an ISO base media file whose `ftyp` box names a HEIF brand.
    case heif
    /// Windows bitmap: starts "BM".
    case bmp
    /// A camera's RAW file (CR2, CR3, ORF, RW2, RAF by their own signatures; DNG, NEF, ARW, PEF
    /// and SRW, which are TIFF files, by their first directory: `init(contentsOf:)`), decoded by
    /// LibRaw from the preview the camera embedded.
    case cameraRaw
    /// JPEG XL: a bare codestream ("FF 0A") or the ISO container whose first box is "JXL ".
    case jpegXL

    /// How many bytes `init(sniffing:)` needs to tell every format (a HEIF brand ends at byte 12).
    public static let signatureLength = 12

    /// The `ftyp` brands of still HEIF and AVIF pictures (and of their image sequences, whose
    /// primary image is shown).
    private static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis",
    ]

    /// The format whose signature starts `bytes`, or nil when none matches.
    // Inlined so that taking the first bytes is compiled for the caller's sequence: generic across
    // the module boundary, it was most of a 100,000-file listing's sniffing (BENCHMARKS.md).
    @inlinable
    public init?(sniffing bytes: some Sequence<UInt8>) {
        self.init(head: Array(bytes.prefix(Self.signatureLength)))
    }

    /// The format whose signature starts `head` (at most `signatureLength` bytes), or nil.
    @usableFromInline
    init?(head: [UInt8]) {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count >= 12, head.starts(with: "RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if head.starts(with: "GIF87a".utf8) || head.starts(with: "GIF89a".utf8) {
            self = .gif
        } else if Self.isCameraRawSignature(head) {
            self = .cameraRaw
        } else if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    // BigTIFF (64-bit offsets), which libtiff reads as well.
                    || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8),
                  Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self)) {
            self = .heif
        } else if head.count >= 6, head.starts(with: "BM".utf8) {
            self = .bmp
        } else if head.starts(with: [0xFF, 0x0A])
                    || head.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            self = .jpegXL
        } else {
            return nil
        }
    }

    /// The file name extensions of this format, lower case, for files whose bytes cannot be read
    /// to tell.
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: return ["jpg", "jpeg", "jpe"]
        case .png: return ["png"]
        case .webp: return ["webp"]
        case .gif: return ["gif"]
        case .tiff: return ["tif", "tiff"]
        case .heif: return ["heic", "heif", "hif", "avif"]
        case .bmp: return ["bmp", "dib"]
        case .cameraRaw: return ["dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2", "pef", "srw"]
        case .jpegXL: return ["jxl"]
        }
    }

    /// What people call the format, for help texts and the README ("HEIC" and "AVIF" are both HEIF).
    public var names: [String] {
        switch self {
        case .jpeg: ["JPEG"]
        case .png: ["PNG"]
        case .webp: ["WebP"]
        case .gif: ["GIF"]
        case .tiff: ["TIFF"]
        case .heif: ["HEIC", "AVIF"]
        case .bmp: ["BMP"]
        case .cameraRaw: ["RAW"]
        case .jpegXL: ["JPEG XL"]
        }
    }

    /// Every format's file name extensions, lower case.
    public static let knownFileExtensions = Set(allCases.flatMap(\.fileExtensions))
}
