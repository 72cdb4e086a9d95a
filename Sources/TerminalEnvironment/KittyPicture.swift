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
    }

    /// The kitty image id: the same id is the same pixels.
    public let id: UInt32
    /// The raw RGB pixels under `id`, sent as the `Transmission` the renderer was asked for.
    public let transmission: [UInt8]
    /// Shows the transmitted pixels at the cursor over the picture's cells, the cursor kept put
    /// (`a=p`).
    public let placement: [UInt8]
    /// Removes every placement of `id` and keeps its data (`a=d,d=i`).
    public let deletePlacements: [UInt8]
    /// Removes every placement of `id` and frees its data (`a=d,d=I`).
    public let free: [UInt8]
    /// What the terminal stores for it (the raw pixels), counted against its storage quota.
    public let storedBytes: Int

    public init(id: UInt32, transmission: [UInt8], placement: [UInt8], deletePlacements: [UInt8], free: [UInt8],
                storedBytes: Int) {
        self.id = id
        self.transmission = transmission
        self.placement = placement
        self.deletePlacements = deletePlacements
        self.free = free
        self.storedBytes = storedBytes
    }
}
