/// A picture for the kitty graphics protocol: its pixels transmitted once under `id`, then placed
/// by id as often as it is shown. Every field is a complete escape sequence, made once by the
/// renderer (Imaging's `KittyGraphics`) so whoever shows the picture only copies bytes.
public struct KittyPicture: Sendable, Equatable {
    /// How the pixels are sent.
    public enum Transmission: Sendable, Equatable {
        /// Stored and placed at the cursor in one command (`a=T`), which moves the cursor past
        /// the picture like text: a picture printed once.
        case placedAtCursor
        /// Stored only (`a=t`), then shown with `placement` wherever and as often as wanted: a
        /// picture a screen draws again.
        case stored
        /// Stored with a virtual placement (`U=1`), every command wrapped for tmux's passthrough,
        /// and shown by `placeholderRows`, text that tmux moves with its pane: a picture inside
        /// tmux whose outer terminal has Unicode placeholders (kitty 0.28 on, Ghostty).
        case placeholdersThroughTmux
    }

    /// What the pixels are sent as.
    public enum Pixels: Sendable, Equatable {
        /// Raw 24-bit RGB (`f=24`): nothing to encode, three bytes a pixel (and a third more in
        /// base64). For a terminal on this machine, where bytes cost nothing.
        case rgb
        /// A PNG file (`f=100`): a few milliseconds to encode a thumbnail, about half the bytes of
        /// a photo's RGB. For a terminal at the other end of an SSH connection.
        case png

        /// PNG over SSH (`TerminalGuess.isRemote`), raw RGB otherwise.
        public init(for guess: TerminalGuess) {
            self = guess.isRemote ? .png : .rgb
        }
    }

    /// The kitty image id: the same id is the same pixels.
    public let id: UInt32
    /// The pixels under `id`, sent as the `Transmission` and `Pixels` the renderer was asked for.
    public let transmission: [UInt8]
    /// Shows the transmitted pixels at the cursor over the picture's cells, the cursor kept put
    /// (`a=p`).
    public let placement: [UInt8]
    /// Removes every placement of `id` and keeps its data (`a=d,d=i`).
    public let deletePlacements: [UInt8]
    /// Removes every placement of `id` and frees its data (`a=d,d=I`).
    public let free: [UInt8]
    /// The rows of Unicode placeholder cells (ANSI-coded text) that show the picture, for
    /// `Transmission.placeholdersThroughTmux`; empty otherwise. Written as text, and erased as
    /// text is: such a picture has no placement to delete (`deletePlacements` is empty).
    public let placeholderRows: [String]
    /// What the terminal stores for it (the decoded pixels), counted against its storage quota.
    public let storedBytes: Int

    public init(id: UInt32, transmission: [UInt8], placement: [UInt8], deletePlacements: [UInt8], free: [UInt8],
                storedBytes: Int, placeholderRows: [String] = []) {
        self.id = id
        self.transmission = transmission
        self.placement = placement
        self.deletePlacements = deletePlacements
        self.free = free
        self.storedBytes = storedBytes
        self.placeholderRows = placeholderRows
    }

    /// Whether the picture is shown by text cells (`placeholderRows`) rather than placed on the
    /// terminal's own picture layer.
    public var showsAsText: Bool { !placeholderRows.isEmpty }
}
