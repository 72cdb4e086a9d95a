/// Failures of the gallery's own services. Transport failures stay `HTTPError`
/// and decode failures stay `ImageError`, so callers can still tell them apart.
public enum GalleryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered 2xx with a body that is not the expected JSON; the text says where it broke.
    case malformedResponse(String)
    /// An image URL answered with something that is not an image (e.g. an HTML error page).
    case notAnImage(contentType: String)
    /// The source cannot search.
    case searchUnsupported
    /// A local file could not be read; `name` is the file's name, `reason` the system's word for why.
    case unreadableFile(name: String, reason: String)
    /// A folder to browse could not be listed.
    case unreadableFolder(path: String, reason: String)
    /// A path given to browse does not exist.
    case noSuchPath(String)
    /// A file given to open is not a picture the app can show.
    case notAPhoto(String)
    /// A path given to open is a FIFO, a socket or a device (`what`: "a FIFO"), never opened.
    case notAFile(String, what: String)
    /// A photo given to open was taken outside the dates shown (`dates`: "since 1 Jan 2025").
    case outsideDates(String, dates: String)
    /// None of the paths given can be shown.
    case nothingToShow
    /// An item with no picture on the web (a file is on disk already).
    case nothingToDownload

    public var description: String {
        switch self {
        case .malformedResponse(let detail): return "unexpected response from the server (\(detail))"
        case .notAnImage(let type): return "expected an image, got \(type)"
        case .searchUnsupported: return "this source cannot search"
        case .unreadableFile(let name, let reason): return "cannot read \(name): \(reason)"
        case .unreadableFolder(let path, let reason): return "cannot open the folder \(path): \(reason)"
        case .noSuchPath(let path): return "there is no file or folder \(path): check the path"
        case .notAPhoto(let path): return "\(path) is not a photo gallery can show: give a photo (JPEG, PNG, WebP, GIF, TIFF, BMP, HEIC, AVIF, JPEG XL or a camera RAW), or a folder"
        case .notAFile(let path, let what): return "\(path) is \(what), not a file"
        case .outsideDates(let path, let dates): return "\(path) was taken outside the dates shown (\(dates)): leave out --since and --until to open it"
        case .nothingToShow: return "none of the paths given is a photo or a folder: give photos or folders"
        case .nothingToDownload: return "nothing to download: this is no photo from the web"
        }
    }
}
