/// Text from outside (a file's name, a library's message) made safe for one line of a terminal:
/// what could steer the terminal or break the line (C0 and C1 controls, DEL, escapes, newlines)
/// and what could disguise text (bidi overrides and isolates, zero-width characters, line and
/// paragraph separators, the byte-order mark) shown escaped, `\e` `\n` `\t` or `\u{202E}`, so the
/// user still sees which name it is and none of it acts on the terminal.
public func escapedForTerminal(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x1B: escaped += "\\e"
        case 0x0A: escaped += "\\n"
        case 0x0D: escaped += "\\r"
        case 0x09: escaped += "\\t"
        case 0x00...0x1F, 0x7F...0x9F: escaped += "\\x" + hex(scalar.value, digits: 2)
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF:
            escaped += "\\u{" + hex(scalar.value, digits: 4) + "}"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
