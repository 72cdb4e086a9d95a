/// Rows of the screen that show a scrolled view of something taller (a grid's rows of cells), as a
/// widget declares them while drawing a frame: the rows, and which row of its content is at the top.
public struct ScrollableRegion: Hashable, Sendable {
    public let rows: Range<Int>
    /// The row of the content drawn on `rows.lowerBound`.
    public let firstContentRow: Int

    public init(rows: Range<Int>, firstContentRow: Int) {
        self.rows = rows
        self.firstContentRow = firstContentRow
    }
}

/// How far the rows of a region move from one frame to the next: what the terminal is told to do
/// with what it shows, so that only the rows coming into view are drawn.
struct RegionScroll: Equatable {
    let rows: Range<Int>
    /// Rows moved up (the content moved on: a scroll down the list); negative moves them down.
    let distance: Int

    /// The scroll from `previous` to `current`, the same region at another content row; nil when
    /// they are other regions, the same view, or so far apart that nothing would stay on screen.
    init?(from previous: ScrollableRegion?, to current: ScrollableRegion?) {
        guard let previous, let current, previous.rows == current.rows, current.rows.count >= 2 else { return nil }
        let distance = current.firstContentRow - previous.firstContentRow
        guard distance != 0, abs(distance) < current.rows.count else { return nil }
        self.init(rows: current.rows, distance: distance)
    }

    init(rows: Range<Int>, distance: Int) {
        self.rows = rows
        self.distance = distance
    }

    /// Where row `row` of the region lands; nil when it leaves the region (or is outside it).
    func destination(ofRow row: Int) -> Int? {
        guard rows.contains(row) else { return nil }
        let moved = row - distance
        return rows.contains(moved) ? moved : nil
    }

    /// The rows that come into view, blank on the terminal after the move, in its text. Not always
    /// in its pixels: xterm (patch 379) moving rows down leaves a copy of the pictures there.
    var rowsComingIn: Range<Int> {
        distance > 0 ? (rows.upperBound - distance)..<rows.upperBound : rows.lowerBound..<(rows.lowerBound - distance)
    }

    /// The escape sequence that moves the rows on the terminal: a scrolling region (DECSTBM), the
    /// cursor on its bottom line and IND once per row up (or on its top line and RI per row down),
    /// then the whole screen as the region again. VT100 has them all, where SU/SD came later; the
    /// terminal fills the rows coming in with blanks of the current background, so the attributes
    /// are reset first. Inside DECSC/DECRC (which also keeps the attributes), so ncurses' idea of
    /// the cursor and attributes stays true; resetting the region homes the cursor, DECRC puts it back.
    var terminalBytes: [UInt8] {
        let top = rows.lowerBound + 1
        let bottom = rows.upperBound
        let line = distance > 0 ? bottom : top
        let step = distance > 0 ? "\u{1B}D" : "\u{1B}M"
        let moves = String(repeating: step, count: abs(distance))
        return Array("\u{1B}7\u{1B}[0m\u{1B}[\(top);\(bottom)r\u{1B}[\(line);1H\(moves)\u{1B}[r\u{1B}8".utf8)
    }
}

/// Which frames may scroll a region on the terminal rather than draw its rows again, from the
/// least to the most. Frames with sixel or iTerm2 pictures scroll only when every one of them is
/// inside the region (some terminals move pictures outside it too); kitty pictures never: they are
/// only placed again already.
public enum RegionScrolling: Sendable, Comparable {
    /// None: the terminal has no scrolling region (its description lacks `csr`).
    case never
    /// Frames whose pictures are all text (half-blocks, ASCII), which every terminal moves with
    /// the rows. A sixel or iTerm2 picture might stay where it was drawn.
    case text
    /// Also frames with sixel or iTerm2 pictures moving up, the terminal moving their pixels:
    /// xterm (patch 379 to 410) moves its pictures with IND and SU, but RI and SD only copy the
    /// pixels on the window and keep the pictures where they were, which a repaint shows.
    case picturesMovingUp
    /// Also frames with sixel or iTerm2 pictures moving either way: terminals that keep a picture
    /// in the cells it covers (mlterm, WezTerm, contour, iTerm2, Windows Terminal).
    case pictures
}
