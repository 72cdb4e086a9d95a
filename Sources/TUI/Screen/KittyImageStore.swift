import TerminalVocabulary

/// The kitty images the terminal holds for us, least recently shown first out.
///
/// kitty keeps every transmitted image until it is freed, up to a storage quota (320 MB by
/// default), past which it silently evicts old images; a later bare placement of one of those
/// would show nothing. So this keeps the terminal's total under a budget of its own by freeing
/// the images shown longest ago, never one on the screen, and transmits an image again when it is
/// needed after that.
struct KittyImageStore {
    /// Well under kitty's default quota (320 MB), which other programs in the same window share,
    /// and still room for several screens of thumbnails (a 32x12-cell thumbnail of 10x20-pixel
    /// cells is 230 KB; a full-screen detail image a few MB) so scrolling back only places.
    static let defaultBudget = 96 << 20

    let budget: Int
    /// Raw bytes of all held images.
    private var heldBytes = 0
    private var held: [UInt32: Entry] = [:]
    /// Counts uses, so a larger `lastUse` is more recent.
    private var clock: UInt64 = 0

    /// What is kept of a held image: not its transmission, whose memory is the thumbnail cache's
    /// to give back.
    private struct Entry {
        let id: UInt32
        let free: [UInt8]
        let storedBytes: Int
        var lastUse: UInt64

        /// Least recently used first; the id breaks ties so the order never depends on hashing.
        static func olderFirst(_ a: Entry, _ b: Entry) -> Bool { (a.lastUse, a.id) < (b.lastUse, b.id) }
    }

    init(budget: Int = defaultBudget) {
        self.budget = budget
    }

    /// The bytes that make the terminal hold every image in `placing` (which are about to be
    /// placed) while staying within the budget: frees of images not in `showing` (every kitty
    /// image of the frame), oldest use first, then transmissions of the images it lacks. All of
    /// `showing` count as used now. Nothing here changes what is on the screen.
    mutating func prepare(placing: [KittyPicture], showing: [KittyPicture]) -> [UInt8] {
        clock += 1
        var transmissions: [UInt8] = []
        for image in placing where held[image.id] == nil {
            transmissions += image.transmission
            held[image.id] = Entry(id: image.id, free: image.free, storedBytes: image.storedBytes, lastUse: clock)
            heldBytes += image.storedBytes
        }
        for image in showing { held[image.id]?.lastUse = clock }
        return evictPastBudget(keeping: Set(showing.map(\.id))) + transmissions
    }

    /// Frees every held image and forgets it: for the end of the session, or when the terminal
    /// may have dropped them (see `ImageLayer.frame`), where freeing what is gone does no harm.
    mutating func releaseAll() -> [UInt8] {
        let frees = held.values.sorted(by: Entry.olderFirst).flatMap(\.free)
        held.removeAll()
        heldBytes = 0
        return frees
    }

    private mutating func evictPastBudget(keeping onScreen: Set<UInt32>) -> [UInt8] {
        guard heldBytes > budget else { return [] }
        var frees: [UInt8] = []
        let candidates = held.values.filter { !onScreen.contains($0.id) }.sorted(by: Entry.olderFirst)
        for entry in candidates {
            guard heldBytes > budget else { break }
            frees += entry.free
            held[entry.id] = nil
            heldBytes -= entry.storedBytes
        }
        return frees
    }
}
