/// An encoded image format, recognised from its first bytes (never from a file name or a
/// Content-Type header, which are often wrong).
public enum ImageFormat: Sendable, Equatable {
    /// JFIF/Exif JPEG: starts FF D8 FF.
    case jpeg
    /// PNG: starts with the 8-byte PNG signature.
    case png

    /// The format whose signature starts `bytes`, or nil when none matches.
    public init?(sniffing bytes: some Sequence<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }
}
