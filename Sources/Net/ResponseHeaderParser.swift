/// Collects header lines as libcurl delivers them. Every status line starts a new response
/// (1xx, redirects), so only the final response's fields remain.
struct ResponseHeaderParser {
    /// Lower-cased names; repeated fields joined with ", ".
    private(set) var fields: [String: String] = [:]

    mutating func consume(line rawLine: some StringProtocol) {
        let line = rawLine.trimmingHTTPWhitespace()
        if line.hasPrefix("HTTP/") {
            fields = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingHTTPWhitespace().lowercased()
        guard !name.isEmpty else { return }
        let value = String(line[line.index(after: colon)...].trimmingHTTPWhitespace())
        if let existing = fields[name] {
            fields[name] = existing + ", " + value
        } else {
            fields[name] = value
        }
    }
}

extension StringProtocol {
    /// Drops leading and trailing spaces, tabs, CR and LF.
    func trimmingHTTPWhitespace() -> SubSequence {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
