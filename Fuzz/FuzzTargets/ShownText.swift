#if TESTABLE_IMPORTS
@testable import TUI

/// Text from a server, as the TUI draws it: sanitised, measured, truncated and wrapped. Titles,
/// names and URLs come from the network, so what the screen gets must hold no escape sequence
/// or control character and fit the width it was cut to.
enum ShownText {
    static func verify(_ text: String, width: Int) throws {
        let clean = sanitize(text)
        try check(!clean.unicodeScalars.contains(where: { isUnsafeForTerminal($0) || $0.value == 0x1B || $0.value == 0x9B }),
                  "text: sanitize left a control in \(clean.unicodeScalars.map { String($0.value, radix: 16) })")
        let cut = truncate(clean, toWidth: width)
        try check(displayWidth(cut) <= max(0, width),
                  "text: \(clean.debugDescription) cut to \(width) cells is \(displayWidth(cut)) wide")
        _ = TextPane.wrap(clean, width: width)
    }
}
#endif
