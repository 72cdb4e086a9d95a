import CCurl

/// libcurl, loaded with dlopen at the first request rather than linked (`ccurl_load`): a process
/// that never makes one, like the app on a folder of photos, starts without its ~30 libraries.
struct CurlLibrary: Sendable {
    /// The installed libcurl, which every client uses.
    static let installed = CurlLibrary(name: CCURL_LIBRARY)

    /// The shared library's name. Another than `installed`'s only in tests, to reach the failures
    /// of a missing or incomplete libcurl: that library is checked, then the installed one serves.
    let name: String

    /// Makes sure libcurl can be called; the first call in the process loads it. Throws what is
    /// wrong and what to do ("libcurl is not installed (…): apt-get install libcurl4"), for the
    /// status bar like any network error; never retried.
    func load() throws(HTTPError) {
        var report = ccurl_report()
        if name != Self.installed.name, ccurl_check_library(name, &report) == 0 { throw Self.failure(report) }
        guard ccurl_load(&report) != 0 else { throw Self.failure(report) }
    }

    private static func failure(_ report: ccurl_report) -> HTTPError {
        let message = withUnsafeBytes(of: report.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .transport(code: Int(CURLE_FAILED_INIT.rawValue), message: message)
    }
}
