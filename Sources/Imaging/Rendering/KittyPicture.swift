/// A picture for the kitty graphics protocol: its pixels transmitted once under `id`, then placed
/// by id as often as it is shown. Every field is a complete escape sequence (`KittyGraphics`).
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

    /// Every command for `image` under `id` over `columns` x `rows` cells, made once here so
    /// whoever shows the picture only copies bytes.
    init(_ image: RGBImage, id: UInt32, columns: Int, rows: Int, transmission: Transmission) {
        self.id = id
        switch transmission {
        case .placedAtCursor:
            self.transmission = KittyGraphics.transmitAndPlace(image, id: id, columns: columns, rows: rows)
        case .stored:
            self.transmission = KittyGraphics.transmit(image, id: id)
        }
        placement = KittyGraphics.place(id: id, columns: columns, rows: rows)
        deletePlacements = KittyGraphics.deletePlacements(id: id)
        free = KittyGraphics.free(id: id)
        storedBytes = image.pixels.count
    }
}
