/// `s` without what could steer the terminal or disguise text: whole escape sequences (CSI, OSC,
/// DCS/APC/PM/SOS strings, two-character escapes, and their C1 forms such as a 0x9B CSI) rather than
/// just their introducer, so a hostile title does not leave `]52;c;…` on screen; other C0 controls
/// (newline and tab included), DEL, C1 controls, bidi overrides and isolates, zero-width characters,
/// line/paragraph separators, the byte-order mark, and U+FFFD (what invalid UTF-8 decodes to).
public func sanitize(_ s: String) -> String {
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var scalars = String.UnicodeScalarView()
    var state = EscapeState.text
    for scalar in s.unicodeScalars {
        switch state {
        case .text:
            switch scalar.value {
            case 0x1B: state = .escape
            case 0x9B: state = .controlSequence
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
            default: if !isUnsafeForTerminal(scalar) { scalars.append(scalar) }
            }
        case .escape:
            switch scalar {
            case "[": state = .controlSequence
            case "]", "P", "X", "^", "_": state = .controlString
            default: state = .text  // a two-character escape such as ESC 7: drop both
            }
        case .controlSequence:
            // Parameters and intermediates run until a final byte in 0x40-0x7E.
            if (0x40...0x7E).contains(scalar.value) || !(0x20...0x3F).contains(scalar.value) { state = .text }
        case .controlString:
            // Ends with BEL, ST (0x9C) or ESC \ (the ESC is taken as the start of ST).
            switch scalar.value {
            case 0x07, 0x9C: state = .text
            case 0x1B: state = .stringTerminator
            default: break
            }
        case .stringTerminator:
            state = scalar == "\\" ? .text : .controlString
        }
    }
    return String(scalars)
}

private enum EscapeState {
    case text, escape, controlSequence, controlString, stringTerminator
}

func isUnsafeForTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFFD: return true
    default: return false
    }
}
