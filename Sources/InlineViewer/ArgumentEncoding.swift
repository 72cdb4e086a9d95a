/// The sentence for an argument whose bytes are not UTF-8 (a file named in another encoding):
/// gallery keeps paths as text, and such a name would read the same as another.
public enum ArgumentEncoding {
    /// "argument 2 (c\u{FFFD}.jpg) is not UTF-8: …", `position` 1-based in `arguments` as given.
    public static func refusal(position: Int, of arguments: [String]) -> String {
        let shown = arguments.indices.contains(position) ? " (\(arguments[position]))" : ""
        return "argument \(position)\(shown) is not UTF-8 text, so it could name another file: "
            + "gallery cannot open such names yet; rename the file to UTF-8 (convmv -f latin1 -t utf8 does)"
    }
}
