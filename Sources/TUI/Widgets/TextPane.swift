/// Multi-line text in a rectangle: paragraphs (split at newlines) word-wrapped by display width,
/// words longer than a line broken, and "…" at the end of the last line when the text does not fit.
public struct TextPane: Sendable {
    public var text: String
    public var style: TextStyle

    public init(text: String, style: TextStyle = []) {
        self.text = text
        self.style = style
    }

    @MainActor public func draw(on screen: any Screen, in rect: Rect) {
        guard rect.size.rows > 0, rect.size.columns > 0 else { return }
        var lines = Self.wrap(text, width: rect.size.columns)
        if lines.count > rect.size.rows {
            lines = Array(lines.prefix(rect.size.rows))
            lines[lines.count - 1] = Self.ellipsized(lines[lines.count - 1], width: rect.size.columns)
        }
        for (offset, line) in lines.enumerated() {
            screen.put(line, at: rect.origin.offset(rows: offset), style: style, maxWidth: rect.size.columns)
        }
    }

    /// `text` as lines of at most `width` columns.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap {
            wrapParagraph(sanitize(String($0.map { $0 == "\t" ? " " : $0 })), width: width)
        }
    }

    private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ") {
            var word = String(word)
            var wordWidth = displayWidth(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            while wordWidth > width {
                let (head, rest) = split(word, atWidth: width)
                lines.append(head)
                word = rest
                wordWidth = displayWidth(rest)
            }
            line = word
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// `line` marked as cut: "…" after it, or in place of its last character when it fills the width.
    static func ellipsized(_ line: String, width: Int) -> String {
        displayWidth(line) < width ? line + "…" : truncate(line + "…", toWidth: width)
    }

    /// The longest prefix of `word` that fits `width` columns (at least one character), and the rest.
    private static func split(_ word: String, atWidth width: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let w = displayWidth(word[index])
            if used + w > width && index > word.startIndex { break }
            used += w
            index = word.index(after: index)
        }
        return (String(word[..<index]), String(word[index...]))
    }
}
