import TerminalVocabulary
/// Multi-line text in a rectangle: paragraphs (split at newlines) word-wrapped by display width,
/// a number kept with its unit, words longer than a line broken after a `/`, `_` or `-` where
/// they have one, and "…" at the end of the last line when the text does not fit.
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
        for word in keepingUnits(paragraph.split(separator: " ").map(String.init)) {
            var word = word
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

    /// The words with each number joined to its unit ("400 px", "1/125 s", "ISO 400"): a line
    /// never ends between them.
    private static func keepingUnits(_ words: [String]) -> [String] {
        var joined: [String] = []
        for word in words {
            if let last = joined.last, belongTogether(last, word) {
                joined[joined.count - 1] = last + " " + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    private static let units: Set<String> = ["s", "ms", "mm", "px", "B", "KB", "MB", "GB", "bytes", "%", "×"]

    /// A number and the unit after it; "ISO" or "×" and the number after it.
    private static func belongTogether(_ first: String, _ second: String) -> Bool {
        let previous = first.split(separator: " ").last.map(String.init) ?? first
        return (previous.last?.isNumber == true && units.contains(second))
            || ((previous == "ISO" || previous == "×") && second.first?.isNumber == true)
    }

    /// Where a word too long for a line may break: after these, as in a path or a file name.
    private static let breaks: Set<Character> = ["/", "_", "-"]

    /// The longest prefix of `word` that fits `width` columns (at least one character), ending
    /// after its last `/`, `_` or `-` when it has one past its first character; and the rest.
    private static func split(_ word: String, atWidth width: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        var lastBreak: String.Index?
        while index < word.endIndex {
            let w = displayWidth(word[index])
            if used + w > width && index > word.startIndex { break }
            used += w
            if breaks.contains(word[index]) && index > word.startIndex { lastBreak = word.index(after: index) }
            index = word.index(after: index)
        }
        let cut = index < word.endIndex ? lastBreak ?? index : index
        return (String(word[..<cut]), String(word[cut...]))
    }
}
