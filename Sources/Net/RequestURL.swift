import CCurl

/// Checks a URL with libcurl's own parser before any transfer starts, so that a bad URL or a
/// forbidden scheme (`file:`, `ftp:`, ...) never reaches a connection.
enum RequestURL {
    static let allowedSchemes: Set<String> = ["http", "https"]

    /// What the engine needs to know of a valid URL.
    struct Target: Equatable {
        /// Lower-cased: `http` or `https`.
        var scheme: String
        /// Lower-cased host and port (the scheme's default when none is given): the unit of the
        /// per-host transfer cap.
        var hostKey: String
    }

    /// Only once libcurl is loaded (`CurlLibrary.load`).
    static func validate(_ url: String) throws(HTTPError) -> Target {
        guard let handle = curl_url() else {
            throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory")
        }
        defer { curl_url_cleanup(handle) }
        // Accept any syntactically valid scheme here so that a forbidden one is reported as such,
        // not as a malformed URL.
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
              let scheme = part(CURLUPART_SCHEME, of: handle)?.lowercased() else {
            throw .invalidURL(url)
        }
        guard allowedSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
        guard let host = part(CURLUPART_HOST, of: handle)?.lowercased(),
              let port = part(CURLUPART_PORT, of: handle, flags: UInt32(CURLU_DEFAULT_PORT)) else {
            throw .invalidURL(url)
        }
        return Target(scheme: scheme, hostKey: "\(host):\(port)")
    }

    /// The scheme of `url`, or the whole string when it has none (for error messages only).
    static func scheme(of url: String) -> String {
        guard let colon = url.firstIndex(of: ":") else { return url }
        return url[..<colon].lowercased()
    }

    private static func part(_ part: CURLUPart, of handle: OpaquePointer, flags: UInt32 = 0) -> String? {
        var pointer: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &pointer, flags) == CURLUE_OK, let pointer else { return nil }
        defer { curl_free(pointer) }
        return String(cString: pointer)
    }
}
