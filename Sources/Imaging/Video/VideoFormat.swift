/// A video container, recognised from its first bytes as `ImageFormat` recognises pictures (and
/// never from a file name): what FFmpeg is asked to open (`VideoFile`), and the file name
/// extensions folders list videos by.
public enum VideoFormat: Sendable, Equatable, CaseIterable {
    /// MPEG-4 (MP4, M4V): an ISO base media file whose `ftyp` names an MP4 brand.
    case mpeg4
    /// QuickTime (MOV): `ftyp` brand `qt  `, or an old file starting with its `moov`, `mdat`,
    /// `wide` or `pnot` atom.
    case quickTime
    /// 3GPP and 3GPP2 (3GP, 3G2): `ftyp` brands starting `3g`.
    case threeGPP
    /// Matroska and WebM: an EBML header.
    case matroska
    /// AVI: a RIFF container of form type "AVI ".
    case avi

    /// How many bytes `init(sniffing:)` needs (a brand ends at byte 12).
    public static let signatureLength = 12

    /// The `ftyp` major brands of MP4 and M4V files. HEIF's and AVIF's brands are pictures
    /// (`ImageFormat.heif`); CR3 RAW files and audio (`M4A `) are neither.
    private static let mpeg4Brands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "mmp4", "MSNV",
        "M4V ", "M4VH", "M4VP", "f4v ", "XAVC",
    ]

    /// The container whose signature starts `bytes`, or nil when none matches.
    public init?(sniffing bytes: some Sequence<UInt8>) {
        let head = Array(bytes.prefix(Self.signatureLength))
        guard head.count >= 4 else { return nil }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            self = .matroska
            return
        }
        guard head.count >= 12 else { return nil }
        let box = String(decoding: head[4..<8], as: UTF8.self), brand = String(decoding: head[8..<12], as: UTF8.self)
        if head.starts(with: "RIFF".utf8), brand == "AVI " {
            self = .avi
        } else if box == "ftyp", brand == "qt  " {
            self = .quickTime
        } else if box == "ftyp", brand.hasPrefix("3g") {
            self = .threeGPP
        } else if box == "ftyp", Self.mpeg4Brands.contains(brand) {
            self = .mpeg4
        } else if ["moov", "mdat", "wide", "pnot"].contains(box) {
            self = .quickTime
        } else {
            return nil
        }
    }

    /// The file name extensions of this container, lower case.
    public var fileExtensions: [String] {
        switch self {
        case .mpeg4: return ["mp4", "m4v"]
        case .quickTime: return ["mov", "qt"]
        case .threeGPP: return ["3gp", "3g2"]
        case .matroska: return ["mkv", "webm"]
        case .avi: return ["avi"]
        }
    }

    /// Every container's file name extensions, lower case.
    public static let knownFileExtensions = Set(allCases.flatMap(\.fileExtensions))
}
