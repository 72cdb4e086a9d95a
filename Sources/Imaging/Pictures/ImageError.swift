/// Why an image could not be decoded or encoded. Carries no pixel data, so it is cheap to keep in UI state.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Zero bytes.
    case empty
    /// Not a format we decode (detected from the first bytes).
    case unsupportedFormat
    /// The codec rejected the data (truncated, corrupt).
    case corrupt(String)
    /// The header announces more pixels than the caller allows; nothing was allocated for them.
    case tooLarge(width: Int, height: Int)
    /// The format's decoder cannot run in this process (libheif in a static executable).
    case unavailable(String)
    /// Decoding it would take more memory or time than `DecodeBudget` allows (the reason says which).
    case overBudget(String)

    public var description: String {
        switch self {
        case .empty: return "empty image"
        case .unsupportedFormat: return "unsupported image format"
        case .corrupt(let why): return "corrupt image: \(why)"
        case .tooLarge(let w, let h): return "image too large (\(w)x\(h))"
        case .unavailable(let why), .overBudget(let why): return why
        }
    }
}
