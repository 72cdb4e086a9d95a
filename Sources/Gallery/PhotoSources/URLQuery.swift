/// Small helpers to build query strings without Foundation's URL parsing, which would
/// re-encode (and so alter) server-given URLs such as `urls.raw` or `links.download_location`.
enum URLQuery {
    /// Percent-encodes every byte that is not an RFC 3986 unreserved character.
    static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return out
    }

    /// `url` with the given parameters set: existing parameters of the same names are replaced,
    /// all others (and any fragment) are kept as they were.
    static func setting(_ parameters: [(name: String, value: String)], on url: String) -> String {
        let (withoutFragment, fragment) = split(url, at: "#")
        let (base, query) = split(withoutFragment, at: "?")
        let replaced = Set(parameters.map(\.name))
        let kept = (query ?? "").split(separator: "&").filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !replaced.contains(String(name))
        }.map(String.init)
        let added = parameters.map { "\(encode($0.name))=\(encode($0.value))" }
        var result = base + "?" + (kept + added).joined(separator: "&")
        if let fragment { result += "#" + fragment }
        return result
    }

    private static func split(_ string: String, at separator: Character) -> (String, String?) {
        guard let index = string.firstIndex(of: separator) else { return (string, nil) }
        return (String(string[..<index]), String(string[string.index(after: index)...]))
    }
}
