import CCurl

/// Checks a URL with libcurl's own parser before any transfer starts, so that a bad URL or a
/// forbidden scheme (`file:`, `ftp:`, ...) never reaches a connection.
enum RequestURL {
    static let allowedSchemes: Set<String> = ["http", "https"]

    static func validate(_ url: String) throws(HTTPError) {
        guard let handle = curl_url() else {
            throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory")
        }
        defer { curl_url_cleanup(handle) }
        // Accept any syntactically valid scheme here so that a forbidden one is reported as such,
        // not as a malformed URL.
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK else {
            throw .invalidURL(url)
        }
        var schemePointer: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_SCHEME, &schemePointer, 0) == CURLUE_OK,
              let schemePointer else {
            throw .invalidURL(url)
        }
        defer { curl_free(schemePointer) }
        let scheme = String(cString: schemePointer).lowercased()
        guard allowedSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
    }

    /// The scheme of `url`, or the whole string when it has none (for error messages only).
    static func scheme(of url: String) -> String {
        guard let colon = url.firstIndex(of: ":") else { return url }
        return url[..<colon].lowercased()
    }
}
