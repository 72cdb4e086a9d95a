/// A bitmap payload for a terminal graphics protocol, written with the cursor at the image's
/// top-left cell. The bytes are complete escape sequences made elsewhere (TUI encodes nothing).
public struct TerminalGraphic: Hashable, Sendable {
    /// The protocol the payload speaks; it decides how a stale picture is removed.
    public enum Kind: Hashable, Sendable {
        /// DEC sixel (`ESC P q … ESC \`): pixels land in the cells, text written over them erases them.
        case sixel
        /// kitty graphics protocol, transmitted and placed under image `id`. Pictures live on their
        /// own layer and stay until deleted: `delete` is the command that deletes image `id`
        /// (`ESC _ G a=d,d=I,i=id … ESC \`), made by whoever encoded the payload.
        case kitty(id: UInt32, delete: [UInt8])
        /// iTerm2 inline image (`ESC ] 1337 ; File=… BEL`): like sixel, overwritten by text.
        case iterm
    }

    public let bytes: [UInt8]
    public let kind: Kind

    public init(bytes: [UInt8], kind: Kind) {
        self.bytes = bytes
        self.kind = kind
    }

    /// The kitty image id, nil for the other protocols.
    public var kittyID: UInt32? {
        if case .kitty(let id, _) = kind { return id }
        return nil
    }

    /// The bytes that remove the picture; nil when text written over its cells does.
    public var deleteCommand: [UInt8]? {
        if case .kitty(_, let delete) = kind { return delete }
        return nil
    }

    /// What a headless screen shows in the picture's cells.
    var placeholderName: String {
        switch kind {
        case .sixel: return "sixel"
        case .kitty: return "kitty"
        case .iterm: return "iterm"
        }
    }
}
