/// One row of an ANSI-coded picture, read strictly: SGR sequences (`ESC [ … m`) and printable
/// characters survive; any other escape sequence or control character is dropped, so a picture
/// can never move the cursor, clear the screen or talk to the clipboard.
struct ANSILine {
    enum Token: Equatable {
        case sgr(String)
        case glyph(Character, width: Int)
    }

    private(set) var tokens: [Token] = []

    init(_ line: String) {
        var scanner = Scanner(scalars: Array(line.unicodeScalars))
        var text = String.UnicodeScalarView()
        func flushText() {
            guard !text.isEmpty else { return }
            withUTF8CharacterType {
                for character in String(text) {
                    let width = cellWidth(character)
                    if width > 0 { tokens.append(.glyph(character, width: width)) }
                }
            }
            text.removeAll()
        }
        while let scalar = scanner.next() {
            if scalar == "\u{1B}" {
                flushText()
                if let sgr = scanner.escapeSequence() { tokens.append(.sgr(sgr)) }
            } else if let introducer = Scanner.sevenBitIntroducer(ofC1: scalar) {
                // A C1 control is the 8-bit form of ESC + introducer: drop its whole sequence.
                flushText()
                _ = scanner.sequence(after: introducer)
            } else if !isUnsafeForTerminal(scalar) {
                text.append(scalar)
            }
        }
        flushText()
    }

    /// The printable characters alone.
    var plainText: String {
        tokens.reduce(into: "") { text, token in
            if case .glyph(let c, _) = token { text.append(c) }
        }
    }

    var width: Int {
        tokens.reduce(0) { sum, token in
            if case .glyph(_, let w) = token { return sum + w }
            return sum
        }
    }

    /// The columns `from ..< from + width`, colours kept: every SGR before the cut still applies,
    /// a wide character cut in half becomes spaces, and the result ends by resetting SGR.
    func slice(from start: Int, width: Int) -> String {
        let end = start + width
        var out = ""
        var column = 0
        var coloured = false
        for token in tokens {
            if column >= end { break }
            switch token {
            case .sgr(let sequence):
                out += sequence
                coloured = true
            case .glyph(let character, let w):
                if column >= start && column + w <= end {
                    out.append(character)
                } else if column + w > start {
                    out += String(repeating: " ", count: min(column + w, end) - max(column, start))
                }
                column += w
            }
        }
        return coloured ? out + "\u{1B}[0m" : out
    }
}

private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func next() -> Unicode.Scalar? {
        guard index < scalars.count else { return nil }
        defer { index += 1 }
        return scalars[index]
    }

    /// Consumes the sequence after an ESC; returns it when it is an SGR, nil for anything else.
    mutating func escapeSequence() -> String? {
        guard let introducer = next() else { return nil }
        return sequence(after: introducer)
    }

    /// CSI, OSC, DCS, APC, PM and SOS as C1 controls map to ESC [ ] P _ ^ X.
    static func sevenBitIntroducer(ofC1 scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x9B: return "["
        case 0x9D: return "]"
        case 0x90: return "P"
        case 0x9F: return "_"
        case 0x9E: return "^"
        case 0x98: return "X"
        default: return nil
        }
    }

    /// Consumes a sequence whose introducer was just read; returns it when it is an SGR.
    mutating func sequence(after introducer: Unicode.Scalar) -> String? {
        switch introducer {
        case "[":
            var body = ""
            while let s = next() {
                if (0x40...0x7E).contains(s.value) {
                    let allowed = body.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == ";" || $0 == ":" }
                    return s == "m" && allowed ? "\u{1B}[\(body)m" : nil
                }
                guard (0x20...0x3F).contains(s.value) else { index -= 1; return nil }
                body.unicodeScalars.append(s)
            }
            return nil
        case "]", "P", "_", "^", "X":
            // String commands (OSC, DCS, APC, PM, SOS) run to BEL or ST (ESC \).
            while let s = next() {
                if s == "\u{07}" || s == "\u{9C}" { break }
                if s == "\u{1B}" { _ = next(); break }
            }
            return nil
        default:
            return nil
        }
    }
}
