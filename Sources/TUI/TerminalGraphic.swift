/// A bitmap payload for a terminal graphics protocol, written with the cursor at the image's
/// top-left cell. The bytes are complete escape sequences made elsewhere (TUI encodes nothing).
public struct TerminalGraphic: Hashable, Sendable {
    /// The protocol the payload speaks; it decides how a stale picture is removed.
    public enum Kind: Hashable, Sendable {
        /// DEC sixel (`ESC P q … ESC \`): pixels land in the cells, text written over them erases them.
        case sixel
        /// kitty graphics protocol: the payload only places `image` (`ESC _ G a=p,i=id,… ESC \`);
        /// the screen transmits its pixels first when the terminal does not hold them. Pictures
        /// live on their own layer and stay until their placements are deleted.
        case kitty(KittyImage)
        /// iTerm2 inline image (`ESC ] 1337 ; File=… BEL`): like sixel, overwritten by text.
        case iterm
    }

    public let bytes: [UInt8]
    public let kind: Kind

    public init(bytes: [UInt8], kind: Kind) {
        self.bytes = bytes
        self.kind = kind
    }

    /// The kitty image, nil for the other protocols.
    public var kitty: KittyImage? {
        if case .kitty(let image) = kind { return image }
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
