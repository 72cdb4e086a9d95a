/// Failures of the gallery's own services. Transport failures stay `HTTPError`
/// and decode failures stay `ImageError`, so callers can still tell them apart.
public enum GalleryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered 2xx with a body that is not the expected JSON; the text says where it broke.
    case malformedResponse(String)
    /// An image URL answered with something that is not an image (e.g. an HTML error page).
    case notAnImage(contentType: String)
    /// The source cannot search (e.g. a local folder).
    case searchUnsupported

    public var description: String {
        switch self {
        case .malformedResponse(let detail): return "unexpected response from the server (\(detail))"
        case .notAnImage(let type): return "expected an image, got \(type)"
        case .searchUnsupported: return "this source cannot search"
        }
    }
}
