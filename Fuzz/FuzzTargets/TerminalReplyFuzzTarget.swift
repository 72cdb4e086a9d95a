import TerminalVocabulary
import TUI

/// The input is what a terminal sent back while the capability probe waited: replies mixed
/// with keys and noise. Whatever is parsed must be usable as it stands.
enum TerminalReplyFuzzTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws {
        let replies = CapabilityReplies(parsing: Array(input))
        try check(replies.sixelColorRegisters.map { $0 > 0 } ?? true,
                  "terminal-replies: \(String(describing: replies.sixelColorRegisters)) sixel registers")
        try check(replies.cellPixelSize?.isPlausibleCell ?? true,
                  "terminal-replies: implausible cell size \(String(describing: replies.cellPixelSize))")
        let capabilities = TerminalCapabilities().refined(by: replies, window: nil)
        try check(capabilities.cellPixelSize.isPlausibleCell,
                  "terminal-replies: the probe settles on an implausible cell size \(capabilities.cellPixelSize)")
    }
}
