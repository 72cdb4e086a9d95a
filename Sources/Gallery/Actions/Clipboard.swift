#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Puts bytes on the user's clipboard: a URL's text, or a file's path as the system names it.
@MainActor public protocol Clipboard: AnyObject, Sendable {
    func copy(_ bytes: [UInt8])
}

/// The clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which xterm, kitty,
/// iTerm2, WezTerm and tmux (with `set-clipboard on`) pass to the system clipboard, over SSH too.
@MainActor public final class OSC52Clipboard: Clipboard {
    private let send: @MainActor ([UInt8]) -> Void

    /// `send` writes bytes to the tty, past curses (`Terminal.sendControlSequence`).
    public init(send: @escaping @MainActor ([UInt8]) -> Void) {
        self.send = send
    }

    /// Nothing is sent for no bytes: terminals take an empty OSC 52 as "clear the clipboard".
    public func copy(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        send(Self.sequence(for: bytes))
    }

    static func sequence(for bytes: [UInt8]) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}".utf8)
    }
}
