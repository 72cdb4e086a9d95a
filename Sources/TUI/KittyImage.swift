/// A kitty graphics image as the terminal keeps it: its pixels transmitted once under `id`, then
/// only placed (the graphic's `bytes`) wherever and as often as it is shown. Every field is a
/// complete escape sequence made by whoever encoded the picture (TUI encodes nothing).
public struct KittyImage: Hashable, Sendable {
    /// The kitty image id: the same id is the same pixels.
    public let id: UInt32
    /// Sends the pixels under `id` without showing them (`ESC _ G a=t,…,i=id … ESC \`).
    public let transmission: [UInt8]
    /// Removes every placement of `id` and keeps its data (`a=d,d=i,i=id`).
    public let deletePlacements: [UInt8]
    /// Removes every placement of `id` and frees its data (`a=d,d=I,i=id`).
    public let free: [UInt8]
    /// What the terminal stores for it (the raw pixels), counted against its storage quota.
    public let storedBytes: Int

    public init(id: UInt32, transmission: [UInt8], deletePlacements: [UInt8], free: [UInt8], storedBytes: Int) {
        self.id = id
        self.transmission = transmission
        self.deletePlacements = deletePlacements
        self.free = free
        self.storedBytes = storedBytes
    }

    /// Only `id` counts: the commands follow from it.
    public static func == (lhs: KittyImage, rhs: KittyImage) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
