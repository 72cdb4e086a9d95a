import Imaging
import Net

/// One-line, user-facing text for an error, as shown in the status bar or a detail pane.
public enum ErrorMessage {
    public static func text(for error: any Error) -> String {
        switch error {
        case let error as HTTPError: return text(for: error)
        case let error as GalleryError: return error.description.capitalizedFirst
        case let error as ImageError: return error.description.capitalizedFirst
        default: return String(describing: error)
        }
    }

    private static func text(for error: HTTPError) -> String {
        switch error {
        case .status(401, _):
            return "Access denied (HTTP 401): check \(UnsplashAccessKey.variable)"
        case .status(let code, let headers) where (code == 403 || code == 429)
                && headers["x-ratelimit-remaining"] == "0":
            return "Rate limit reached (HTTP \(code)): try again later"
        case .status(404, _):
            return "Not found (HTTP 404)"
        default:
            return "Network error: \(error.description)"
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
