/// `s` without what could steer the terminal or disguise text: C0 controls (all of them, newline
/// and tab included), DEL, C1 controls (U+0080–U+009F, e.g. a CSI 0x9B), bidi overrides and
/// isolates, zero-width characters, line/paragraph separators, the byte-order mark, and U+FFFD
/// (what invalid UTF-8 decodes to).
public func sanitize(_ s: String) -> String {
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: s.unicodeScalars.lazy.filter { !isUnsafeForTerminal($0) })
    return String(scalars)
}

func isUnsafeForTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFFD: return true
    default: return false
    }
}
