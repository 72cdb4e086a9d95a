import TerminalVocabulary

/// The image layer from one frame to the next: the pictures on the screen and the kitty images
/// the terminal holds, turned into what each frame must write.
struct ImageLayer {
    /// What one frame does about images.
    struct Frame: Equatable {
        /// kitty frees and transmissions, which change nothing on the screen: written before the
        /// synchronized update, so they cannot overflow what the terminal buffers of one (kitty
        /// then ends it early and warns at its end). After a full repaint's text, though (see
        /// `frame`).
        var storage: [UInt8]
        /// The pictures, written straight after ncurses' update (`ImageLayerBytes`).
        var pictures: [UInt8]
    }

    private(set) var shown: [PlacedImage] = []
    private var store: KittyImageStore
    /// Placement deletes of the kitty pictures shown before the screen was invalidated.
    private var pendingDeletes: [[UInt8]] = []

    init(kittyBudget: Int = KittyImageStore.defaultBudget) {
        store = KittyImageStore(budget: kittyBudget)
    }

    /// The next frame, showing `current`. `textDamage` is what ncurses will write; nil when it
    /// redraws the whole screen, after which every picture is drawn anew.
    ///
    /// ncurses redraws the whole screen by clearing it first (ED 2), and kitty then frees every
    /// image left without a placement, which is all of them (its `grman_clear`; scrolling does the
    /// same): they are forgotten, freed in case the terminal kept them, and transmitted again, so a
    /// full repaint's storage must be written after its text.
    mutating func frame(_ current: [PlacedImage], textDamage: TextDamage?) -> Frame {
        let plan: ImageLayerPlan
        // Frees of the kitty images forgotten by a full repaint.
        var forgotten: [UInt8] = []
        if let textDamage {
            plan = ImageLayerPlan(previous: shown, current: current, textDamage: textDamage)
        } else {
            plan = ImageLayerPlan(framesToRepaint: [], imagesToSend: Array(current.indices), kittyDeletes: pendingDeletes)
            pendingDeletes.removeAll()
            forgotten = store.releaseAll()
        }
        let sent = plan.imagesToSend.map { current[$0] }
        // The pictures leaving with this frame stay until its synchronized update deletes them.
        let kept = (shown + current).compactMap(\.image.picture.kitty)
        let storage = forgotten + store.prepare(placing: sent.compactMap(\.image.picture.kitty), showing: kept)
        shown = current
        return Frame(storage: storage,
                     pictures: ImageLayerBytes.bytes(deletes: plan.kittyDeletes, images: sent))
    }

    /// The terminal moved the rows of `scroll.rows`: a picture wholly inside the region before and
    /// after moves with them; one the region's edges cut, before or after, is left in pieces (the
    /// part outside stays, the part inside moves and is cut) and is forgotten. Returns the rows
    /// those pieces are on, for ncurses to write over: text erases a picture's pixels.
    mutating func scroll(_ scroll: RegionScroll) -> [Int] {
        var pieces = Set<Int>()
        shown = shown.compactMap { placed in
            let rows = placed.frame.origin.row..<placed.frame.maxRow
            guard rows.overlaps(scroll.rows) else { return placed }
            if let top = scroll.destination(ofRow: rows.lowerBound), scroll.destination(ofRow: rows.upperBound - 1) != nil {
                return PlacedImage(image: placed.image, frame: Rect(
                    origin: Point(row: top, column: placed.frame.origin.column), size: placed.frame.size))
            }
            for row in rows {
                if !scroll.rows.contains(row) {
                    pieces.insert(row)
                } else if let moved = scroll.destination(ofRow: row) {
                    pieces.insert(moved)
                }
            }
            return nil
        }
        return pieces.sorted()
    }

    /// The frames of the pictures sharing the text cells that a frame showing `current` takes
    /// away: ncurses must write their cells again.
    func framesLeaving(for current: [PlacedImage]) -> [Rect] {
        ImageLayerPlan.framesLeaving(previous: shown, current: current)
    }

    /// The screen will be redrawn from scratch (new size, back from suspension): the next frame
    /// is a full repaint. Pictures on kitty's layer may outlive that: it deletes their placements.
    mutating func invalidate() {
        pendingDeletes += shown.compactMap { $0.image.picture.kitty?.deletePlacements }
        shown.removeAll()
    }

    /// Frees every kitty image the terminal holds for us, for the end of the session.
    mutating func release() -> [UInt8] {
        shown.removeAll()
        return store.releaseAll()
    }
}
