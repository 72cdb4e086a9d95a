/// Reads RFC 8288 `Link` headers, as Unsplash and Picsum send them for pagination:
/// `<https://…?page=3>; rel="next", <https://…?page=1>; rel="prev"`.
enum LinkHeader {
    /// Whether the header links a next page; nil when there is no header, so callers fall back to other clues.
    static func hasNext(_ header: String?) -> Bool? {
        guard let header else { return nil }
        return header.split(separator: ",").contains { link in
            link.split(separator: ";").dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                let value = pair[1].hasPrefix("\"") ? String(pair[1].dropFirst().dropLast()) : pair[1]
                return value.lowercased().split(separator: " ").contains("next")
            }
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}
