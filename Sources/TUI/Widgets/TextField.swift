import TerminalVocabulary
/// A one-line text input, such as the search prompt: printable keys append, Backspace deletes the
/// last character (a whole grapheme, wide or not), Ctrl-U clears, Esc cancels, Enter submits.
public struct TextField: Sendable, Equatable {
    /// What a key did to the field.
    public enum Outcome: Equatable, Sendable {
        /// The text changed or the key was used for editing; keep the field open.
        case editing
        /// Enter: the text, trimmed of surrounding whitespace.
        case submitted(String)
        /// Esc: the field should close without a result.
        case cancelled
        /// A key the field does not use (arrows, mouse, ...); it is not passed on while the field is open.
        case ignored
    }

    /// Shown before the text, e.g. "/".
    public var prompt: String
    public private(set) var text: String
    /// The longest text accepted, in characters; longer input is dropped.
    public let maxLength: Int

    public init(prompt: String, text: String = "", maxLength: Int = 200) {
        self.prompt = prompt
        self.text = String(sanitize(text).prefix(maxLength))
        self.maxLength = maxLength
    }

    /// Puts `text` in the field in place of what was typed (a completion), as `init` takes it.
    public mutating func replaceText(with text: String) {
        self.text = String(sanitize(text).prefix(maxLength))
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter:
            return .submitted(text.trimmingSpaces())
        case .escape:
            return .cancelled
        case .backspace, .ctrl("h"):
            if !text.isEmpty { text.removeLast() }
            return .editing
        case .ctrl("u"):
            text = ""
            return .editing
        case .character(let character):
            let clean = sanitize(String(character))
            guard !clean.isEmpty, text.count < maxLength else { return .editing }
            text += clean
            return .editing
        default:
            return .ignored
        }
    }

    /// Draws the prompt, the end of the text that fits and a block cursor on the first row of `rect`.
    /// Text wider than the room left is shown from its end, with "…" where its start is cut.
    @MainActor public func draw(on screen: any Screen, in rect: Rect, style: TextStyle = []) {
        guard rect.size.columns > 0, rect.size.rows > 0 else { return }
        let line = Rect(origin: rect.origin, size: CellSize(columns: rect.size.columns, rows: 1))
        screen.clear(line, style: style)
        let promptText = truncate(sanitize(prompt), toWidth: line.size.columns)
        screen.put(promptText, at: line.origin, style: style, maxWidth: line.size.columns)
        let promptWidth = displayWidth(promptText)
        // One column is kept for the cursor.
        let room = line.size.columns - promptWidth - 1
        guard room >= 0 else { return }
        let shown = Self.tail(of: text, fitting: room)
        screen.put(shown, at: line.origin.offset(columns: promptWidth), style: style, maxWidth: room)
        screen.put(" ", at: line.origin.offset(columns: promptWidth + displayWidth(shown)),
                   style: style.symmetricDifference(.reverse), maxWidth: 1)
    }

    /// The end of `text` that fits `width` columns, starting with "…" when the start is cut.
    static func tail(of text: String, fitting width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth(text) <= width { return text }
        var kept: [Character] = []
        var used = 1  // the "…"
        for character in text.reversed() {
            let w = displayWidth(character)
            if used + w > width { break }
            used += w
            kept.append(character)
        }
        return "…" + String(kept.reversed())
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
