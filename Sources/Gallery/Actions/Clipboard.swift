#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Puts text on the user's clipboard.
@MainActor public protocol Clipboard: AnyObject, Sendable {
    func copy(_ text: String)
}

/// The clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which xterm, kitty,
/// iTerm2, WezTerm and tmux (with `set-clipboard on`) pass to the system clipboard, over SSH too.
@MainActor public final class OSC52Clipboard: Clipboard {
    private let send: @MainActor ([UInt8]) -> Void

    /// `send` writes bytes to the tty, past curses (`Terminal.sendControlSequence`).
    public init(send: @escaping @MainActor ([UInt8]) -> Void) {
        self.send = send
    }

    /// Empty text is not sent: terminals take an empty OSC 52 as "clear the clipboard".
    public func copy(_ text: String) {
        guard !text.isEmpty else { return }
        send(Self.sequence(for: text))
    }

    static func sequence(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }
}
