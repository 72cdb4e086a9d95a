import TerminalVocabulary

/// An image as it lands on the screen: already clipped, so `frame.size == image.size`.
struct PlacedImage: Hashable {
    let image: TerminalImage
    let frame: Rect

    init(image: TerminalImage, frame: Rect) {
        self.image = image
        self.frame = frame
    }

    /// `image` with its top-left cell at `point`, clipped to a screen of `screenSize`; nil when
    /// none of it is visible. A graphic cannot be clipped, and one that reaches the last row
    /// scrolls the whole screen (xterm moves the cursor below a sixel image, scrolling if that is
    /// past the bottom; DECSDM would stop that but also pins every image to the top-left corner):
    /// in both cases its cells are left blank instead.
    init?(_ image: TerminalImage, at point: Point, on screenSize: CellSize) {
        let whole = Rect(origin: point, size: image.size)
        let visible = whole.intersection(Rect(origin: .zero, size: screenSize))
        guard !visible.isEmpty else { return nil }
        let inImage = Rect(
            origin: Point(row: visible.origin.row - point.row, column: visible.origin.column - point.column),
            size: visible.size)
        var shown = image.cropped(to: inImage)
        if shown.isGraphic && visible.maxRow >= screenSize.rows { shown = shown.blanked() }
        self.init(image: shown, frame: visible)
    }

    /// Whether the picture lives in the text cells, so that text written there erases it: text
    /// images (kitty's Unicode placeholders among them) and sixel/iTerm2 graphics. kitty pictures
    /// placed by id are on a layer of their own.
    var sharesTextCells: Bool { image.picture.kitty == nil || !image.isGraphic }
}

extension CellBuffer {
    /// Marks the cells of the `images` that share the text cells as under a picture, so that what
    /// ncurses is told about them differs from a blank and stays put while the picture does: it then
    /// never clears across them (EL, EL1, ED, ECH) to erase something next to them, nor writes
    /// them again, and a neighbour's change leaves the picture alone. Where lines own their
    /// pictures (tmux deletes every picture on a line any part of which is cleared), the blanks of
    /// their rows too: ncurses then writes spaces beside a picture rather than clear the line.
    mutating func markUnder(_ images: [PlacedImage], linesOwnPictures: Bool = false) {
        for placed in images where placed.sharesTextCells {
            markUnderImage(placed.frame)
            if linesOwnPictures && placed.image.isGraphic { markBlanksUnderImage(rows: placed.frame.origin.row..<placed.frame.maxRow) }
        }
    }
}

/// What one frame must do about images, given what the previous frame left on the terminal.
///
/// ncurses owns the text cells and believes the cells under an image are whatever it last wrote
/// there; it knows nothing of the picture. Text and sixel/iTerm2 pictures share the cells: writing
/// a cell erases the picture's pixels there (verified in xterm -ti vt340 for characters, spaces
/// and ECH). So an image that left (or moved) has its cells written again by ncurses (the screen
/// makes ncurses forget them, `TerminalScreen`), and an image is (re)sent when it is new or when
/// ncurses is about to write over any of its cells.
/// kitty pictures live on a layer of their own that text neither erases nor hides: one that left
/// has its placements deleted by id (the terminal keeps the image to place again), and text damage
/// is no reason to place one again.
struct ImageLayerPlan: Equatable {
    /// The cells of images that are gone, which ncurses must write again (in `textDamage` already
    /// when the caller made ncurses forget them).
    var framesToRepaint: [Rect]
    /// Indices into the current images, in drawing order.
    var imagesToSend: [Int]
    /// Placement deletes of the kitty images that left, one per image id, to send before anything else.
    var kittyDeletes: [[UInt8]]

    init(framesToRepaint: [Rect], imagesToSend: [Int], kittyDeletes: [[UInt8]] = []) {
        self.framesToRepaint = framesToRepaint
        self.imagesToSend = imagesToSend
        self.kittyDeletes = kittyDeletes
    }

    /// The frames of the pictures sharing the text cells that `current` no longer shows: their
    /// cells hold pixels ncurses knows nothing of.
    static func framesLeaving(previous: [PlacedImage], current: [PlacedImage]) -> [Rect] {
        let kept = Set(current)
        return previous.filter { !kept.contains($0) && $0.sharesTextCells }.map(\.frame)
    }

    init(previous: [PlacedImage], current: [PlacedImage], textDamage: TextDamage) {
        let kept = Set(current)
        let gone = previous.filter { !kept.contains($0) }
        let repaint = Self.framesLeaving(previous: previous, current: current)
        // Deleting an id's placements removes all of them, so a kept placement of that id goes too.
        var deletes: [UInt32: [UInt8]] = [:]
        for placed in gone {
            if let kitty = placed.image.picture.kitty, !placed.sharesTextCells { deletes[kitty.id] = kitty.deletePlacements }
        }
        var damage = textDamage
        for frame in repaint { damage.mark(frame) }

        let stillOnScreen = Set(previous)
        var sent: [Rect] = []
        var toSend: [Int] = []
        for (index, placed) in current.enumerated() {
            let kittyID = placed.sharesTextCells ? nil : placed.image.picture.kitty?.id
            let mustSend = !stillOnScreen.contains(placed)
                || (placed.sharesTextCells && damage.touches(placed.frame))
                || kittyID.map { deletes[$0] != nil } == true
                || sent.contains { $0.intersects(placed.frame) }  // drawn over by an earlier image
            if mustSend {
                toSend.append(index)
                sent.append(placed.frame)
            }
        }
        self.init(framesToRepaint: repaint, imagesToSend: toSend,
                  kittyDeletes: deletes.sorted { $0.key < $1.key }.map(\.value))
    }
}

/// The cells ncurses may write during `doupdate`, per row, derived the way ncurses' `TransformLine`,
/// `PutRange` and `ClrBottom` decide (idcok off, so no insert/delete character): from the first to
/// the last changed cell, widened to the line start when it may use clear-to-beginning, to the line
/// end when it may use clear-to-end, and whole rows when it may clear to the end of the screen;
/// within that span, `PutRange` moves the cursor over a run of unchanged cells longer than a cursor
/// move costs, so such a run (a picture between two changed frame lines) is not written.
struct TextDamage: Equatable {
    private(set) var spans: [Int: [ClosedRange<Int>]] = [:]
    let columns: Int

    /// Unchanged cells in a row that ncurses surely skips: more than its `_inline_cost`, the cost of
    /// the cheapest cursor move in characters (`\E[24;24H` is 8, `\E[24G` 5), with room to spare,
    /// so that a terminal with longer moves is still covered.
    static let skippedRun = 16

    init(columns: Int) { self.columns = columns }

    init(from old: CellBuffer, to new: CellBuffer) {
        self.init(columns: new.size.columns)
        guard old.size == new.size else {
            for row in 0..<new.size.rows { markWholeRow(row) }
            return
        }
        for row in 0..<new.size.rows {
            let runs = Self.changedRuns(old: old.rows[row], new: new.rows[row])
            if !runs.isEmpty { spans[row] = runs }
        }
        if let top = Self.clearedBottom(old: old, new: new) {
            for row in top..<new.size.rows { markWholeRow(row) }
        }
    }

    mutating func markWholeRow(_ row: Int) {
        guard columns > 0 else { return }
        spans[row] = [0...(columns - 1)]
    }

    /// `rect`'s cells (clipped to the row's columns) as written.
    mutating func mark(_ rect: Rect) {
        let first = max(0, rect.origin.column), last = min(columns, rect.maxColumn) - 1
        guard first <= last else { return }
        for row in rect.origin.row..<max(rect.origin.row, rect.maxRow) { spans[row, default: []].append(first...last) }
    }

    func touches(_ rect: Rect) -> Bool {
        guard rect.size.columns > 0 else { return false }
        let columnsCovered = rect.origin.column...(rect.maxColumn - 1)
        return (rect.origin.row..<rect.maxRow).contains { row in
            spans[row]?.contains { $0.overlaps(columnsCovered) } ?? false
        }
    }

    static func changedSpan(old: [Cell], new: [Cell]) -> ClosedRange<Int>? {
        guard let first = new.indices.first(where: { new[$0] != old[$0] }),
            let last = new.indices.last(where: { new[$0] != old[$0] })
        else { return nil }
        // ncurses clears to the line start only with the line's first cell as the blank, to the
        // line end only with its last one, and only when that cell is one clearing can produce.
        let leadingBlank = new[0]
        let trailingBlank = new[new.count - 1]
        let start = leadingBlank.mayBeCleared && new[..<first].allSatisfy { $0 == leadingBlank } ? 0 : first
        let end = trailingBlank.mayBeCleared && new[(last + 1)...].allSatisfy { $0 == trailingBlank }
            ? new.count - 1 : last
        return start...end
    }

    /// `changedSpan` without the runs of more than `skippedRun` unchanged cells inside it.
    static func changedRuns(old: [Cell], new: [Cell]) -> [ClosedRange<Int>] {
        guard let span = changedSpan(old: old, new: new) else { return [] }
        var runs: [ClosedRange<Int>] = []
        var start = span.lowerBound
        var unchanged = 0
        for column in span where column < new.count {
            if new[column] == old[column] {
                unchanged += 1
            } else {
                if unchanged > skippedRun, column - unchanged > start {
                    runs.append(start...(column - unchanged - 1))
                    start = column
                }
                unchanged = 0
            }
        }
        runs.append(start...span.upperBound)
        return runs
    }

    /// The first row ncurses' ClrBottom would clear from: the top of the blank rows at the bottom of
    /// the new frame that were not blank before.
    static func clearedBottom(old: CellBuffer, new: CellBuffer) -> Int? {
        var top: Int?
        for row in stride(from: new.size.rows - 1, through: 0, by: -1) {
            guard new.rows[row].allSatisfy({ $0 == .blank }) else { break }
            if !old.rows[row].allSatisfy({ $0 == .blank }) { top = row }
        }
        return top
    }
}
