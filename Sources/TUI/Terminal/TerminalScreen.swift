import CNcurses
public import TerminalVocabulary

/// The ncurses-backed screen. The frame is drawn into a cell buffer; `endFrame` hands the rows that
/// changed to ncurses (`wnoutrefresh`/`doupdate`), then writes the images straight to the terminal,
/// re-sending only those ncurses drew over or that are new, all inside one synchronized update.
/// kitty images are transmitted before that update, once, and then only placed.
@MainActor public final class TerminalScreen: Screen {
    public private(set) var size: CellSize
    private var frame: CellBuffer
    private var shown: CellBuffer
    private var placements: [PlacedImage] = []
    private var imageLayer = ImageLayer()
    private var needsFullRepaint = true
    private let pairs: ThemePairs
    /// Which frames the app lets the terminal move a scrolled region's rows in (`RegionScroll`)
    /// instead of drawing them again: pictures too on a terminal known to move their pixels.
    public var allowedRegionScrolling = RegionScrolling.text
    /// Whether curses runs on a description with a scrolling region, and moves no lines itself.
    var hasScrollingRegion = false
    /// How the screen keeps sixel pictures: as a terminal, or by tmux's rules (`keepPictures`).
    private var pictureKeeping = PictureKeeping.terminal
    /// Where few pictures are kept, the rows of pictures sent as one.
    private var sixelRows: SixelRows?
    /// The rectangles this frame filled (a help box over the grid): no row of pictures spans one.
    private var covers: [Rect] = []
    /// The region this frame declared, and the one the last frame did.
    private var region: ScrollableRegion?
    private var shownRegion: ScrollableRegion?

    /// `pairs` are the curses colour pairs of the themed styles (none without colours).
    init(size: CellSize, pairs: ThemePairs) {
        self.size = size
        frame = CellBuffer(size: size)
        shown = CellBuffer(size: size)
        self.pairs = pairs
    }

    /// Draws pictures as `capabilities.pictureKeeping` keeps them: inside tmux, pictures sharing
    /// rows sent as one (placed by the cell's pixels, sharing the terminal's registers, the
    /// screen between them `background` where tmux cannot leave it transparent), the blanks of a
    /// picture's rows never cleared, and no region with a picture scrolled.
    public func keepPictures(like capabilities: TerminalCapabilities, background: (red: UInt8, green: UInt8, blue: UInt8)) {
        pictureKeeping = capabilities.pictureKeeping
        sixelRows = pictureKeeping.composesRows
            ? SixelRows(cell: capabilities.cellPixelSize, registers: min(256, max(2, capabilities.sixelColorRegisters ?? 256)),
                        background: SixelCanvas.Colour(background.red, background.green, background.blue))
            : nil
    }

    public func beginFrame() {
        frame = CellBuffer(size: size)
        placements.removeAll()
        covers.removeAll()
        region = nil
    }

    public func markScrollable(_ region: ScrollableRegion) {
        self.region = region
    }

    public func put(_ text: String, at point: Point, style: TextStyle, maxWidth: Int?) {
        frame.put(text, at: point, style: style, maxWidth: maxWidth)
    }

    public func fill(_ rect: Rect, with character: Character, style: TextStyle) {
        frame.fill(rect, with: character, style: style)
        placements.removeAll { $0.frame.intersects(rect) }
        covers.append(rect)
    }

    public func place(_ image: TerminalImage, at point: Point) {
        if let placed = PlacedImage(image, at: point, on: size) { placements.append(placed) }
    }

    public func endFrame() {
        placements = sixelRows?.compose(placements, apart: covers) ?? placements
        frame.markUnder(placements, linesOwnPictures: pictureKeeping.linesOwnPictures)
        let scroll = needsFullRepaint ? nil : RegionScroll(from: shownRegion, to: region).flatMap(scrolledOnTerminal)
        shownRegion = region
        if !needsFullRepaint {
            // Cells with pixels ncurses knows nothing of: those of pictures leaving, and the rows a
            // region scroll left pieces on or brought in. Only those cells, so a picture beside
            // a leaving one on the same rows is not written over and sent again.
            let rows = (scroll?.pieces ?? []).map { Rect(row: $0, column: 0, columns: size.columns, rows: 1) }
            for rect in imageLayer.framesLeaving(for: placements) + rows { forget(rect) }
        }
        let images = imageLayer.frame(placements, textDamage: needsFullRepaint ? nil : TextDamage(from: shown, to: frame))
        if needsFullRepaint { clearok(cn_curscr(), true) }
        let window = cn_stdscr()
        for row in 0..<size.rows where needsFullRepaint || frame.rows[row] != shown.rows[row] {
            copyRow(row)
        }
        wnoutrefresh(window)

        let begin = Array("\u{1B}[?2026h".utf8)
        let end = Array("\u{1B}[?2026l".utf8)
        if needsFullRepaint && !images.storage.isEmpty {
            // The storage must follow the text, which clears the screen (ImageLayer.frame); kept out
            // of the update all the same, as two updates: the text, then the pictures.
            TerminalOutput.write(begin)
            doupdate()
            TerminalOutput.write(end + images.storage + begin + images.pictures + end)
        } else {
            TerminalOutput.write(images.storage + begin + (scroll?.bytes ?? []))
            doupdate()
            TerminalOutput.write(images.pictures + end)
        }

        shown = frame
        needsFullRepaint = false
    }

    /// Makes ncurses, and this screen's copy of what it believes, forget `rect`'s cells: the next
    /// update writes every one of them, which erases a picture's pixels there.
    private func forget(_ rect: Rect) {
        let visible = rect.intersection(Rect(origin: .zero, size: size))
        guard !visible.isEmpty else { return }
        cn_forget_cells(Int32(visible.origin.row), Int32(visible.origin.column),
                        Int32(visible.size.rows), Int32(visible.size.columns))
        shown.forget(visible)
    }

    /// Moves `scroll`'s rows in what ncurses and this screen believe the terminal shows, when the
    /// pictures there allow it; returns the bytes that make the terminal do the same (written at
    /// the start of the update) and the rows ncurses must write whole, erasing any pixels there:
    /// those holding pieces of pictures the move cut, and those coming into view.
    private func scrolledOnTerminal(_ scroll: RegionScroll) -> (bytes: [UInt8], pieces: [Int])? {
        let pictures = imageLayer.shown + placements
        guard scroll.rows.lowerBound >= 0, scroll.rows.upperBound <= size.rows, mayScroll(scroll, showing: pictures) else {
            return nil
        }
        let top = Int32(scroll.rows.lowerBound)
        let bottom = Int32(scroll.rows.upperBound - 1)
        guard cn_shift_lines(cn_curscr(), top, bottom, Int32(scroll.distance)) == OK,
            cn_shift_lines(cn_stdscr(), top, bottom, Int32(scroll.distance)) == OK
        else {
            // ncurses' idea of the screen is no longer known to match; draw it all again.
            needsFullRepaint = true
            return nil
        }
        shown.scroll(scroll)
        var pieces = Set(imageLayer.scroll(scroll)).union(scroll.rowsComingIn)
        // Terminals that keep pictures out of their cells may let one that left the region show
        // over the rows beside it when they repaint (foot, xterm): text written there cuts it.
        if pictures.contains(where: \.image.isGraphic) { pieces.formUnion((0..<size.rows).filter { !scroll.rows.contains($0) }) }
        return (scroll.terminalBytes, pieces.sorted())
    }

    private func mayScroll(_ scroll: RegionScroll, showing pictures: [PlacedImage]) -> Bool {
        let allowed = hasScrollingRegion ? allowedRegionScrolling : .never
        let graphics = pictures.filter(\.image.isGraphic)
        guard allowed >= .text else { return false }
        guard !graphics.isEmpty else { return true }
        // tmux deletes every picture on a line it scrolls.
        guard !pictureKeeping.linesOwnPictures else { return false }
        let inside = graphics.allSatisfy { $0.sharesTextCells && scroll.rows.contains($0.frame.origin.row) && $0.frame.maxRow <= scroll.rows.upperBound }
        return inside && (allowed == .pictures || (allowed == .picturesMovingUp && scroll.distance > 0))
    }

    /// After the terminal changed size (or came back from suspension): everything is drawn anew.
    func invalidate(size newSize: CellSize) {
        size = newSize
        frame = CellBuffer(size: newSize)
        shown = CellBuffer(size: newSize)
        imageLayer.invalidate()
        placements.removeAll()
        shownRegion = nil
        needsFullRepaint = true
    }

    /// Frees the kitty images the terminal holds for us: at the end of the session, while still on
    /// the alternate screen they were sent to.
    func releaseImages() {
        TerminalOutput.write(imageLayer.release())
    }

    private func copyRow(_ row: Int) {
        let maxCombining = Int(cn_cchar_max()) - 1
        for (column, cell) in frame.rows[row].enumerated() where !cell.isContinuation {
            var chars: [wchar_t] = []
            for scalar in cell.glyph.unicodeScalars {
                if chars.isEmpty {
                    chars.append(wchar_t(bitPattern: scalar.value))
                } else if chars.count <= maxCombining, cn_wcwidth(scalar.value) == 0 {
                    chars.append(wchar_t(bitPattern: scalar.value))
                }
            }
            chars.append(0)
            let (attributes, pair) = cell.isUnderImage ? Self.underImageAttributes : cursesAttributes(cell.style)
            _ = chars.withUnsafeBufferPointer {
                cn_mvadd_cell(Int32(row), Int32(column), $0.baseAddress, attributes, pair)
            }
        }
    }

    /// A cell under a picture is an invisible space: it looks like a blank where the picture does
    /// not reach, but A_INVIS is not among the attributes ncurses' `can_clear_with` ignores, so it is
    /// never taken for the blank that EL, EL1, ED or ECH produce.
    private static let underImageAttributes: (attr_t, Int16) = (cn_a_invis(), 0)

    private func cursesAttributes(_ style: TextStyle) -> (attr_t, Int16) {
        var attributes = cn_a_normal()
        if style.contains(.bold) { attributes |= cn_a_bold() }
        if style.contains(.reverse) { attributes |= cn_a_reverse() }
        if style.contains(.dim) { attributes |= cn_a_dim() }
        if style.contains(.underline) { attributes |= cn_a_underline() }
        var pair: Int16 = style.contains(.accent) ? (pairs.accent ?? 0) : 0
        if style.contains(.selection) {
            // Not bold in colour: xterm and others show bold black as grey, unreadable on cyan.
            if let selection = pairs.selection { pair = selection } else { attributes |= cn_a_bold() | cn_a_reverse() }
        } else if style.contains(.status) {
            if let status = pairs.status { pair = status } else { attributes |= cn_a_reverse() }
        }
        return (attributes, pair)
    }
}
