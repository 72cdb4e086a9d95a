public import TerminalVocabulary
/// Hears what a `GridView` shows and what the user does in it.
@MainActor public protocol GridViewDelegate: AnyObject {
    /// Item `index` entered the viewport (once per entry).
    func gridView(_ grid: GridView, willDisplay index: Int)
    /// Item `index` left the viewport (once per exit).
    func gridView(_ grid: GridView, didEndDisplaying index: Int)
    /// Enter (or a double click) on item `index`.
    func gridView(_ grid: GridView, didSelect index: Int)
    /// The highlighted item changed through user input.
    func gridView(_ grid: GridView, didMoveSelectionTo index: Int)
    /// The items one row scroll away (the row below the viewport, then the one above), after
    /// every change of the viewport: worth preparing, as they are likely shown next.
    func gridView(_ grid: GridView, willSoonDisplay indices: [Int])
}

extension GridViewDelegate {
    public func gridView(_ grid: GridView, willSoonDisplay indices: [Int]) {}
}

/// What the user asks of the grid: a step of the selection, or to open the selected item.
public enum GridMove: Hashable, Sendable, CaseIterable {
    case left, right, up, down
    /// A screenful.
    case pageUp, pageDown
    /// Half a screenful.
    case halfPageUp, halfPageDown
    /// The first or the last item.
    case first, last
    /// Open the selected item (`GridViewDelegate.gridView(_:didSelect:)`).
    case open
}

/// What one grid cell shows.
public struct GridCell: Sendable {
    public var title: String
    public var image: TerminalImage?
    /// Shown in the thumbnail area while `image` is nil: "loading…", an error.
    public var placeholder: String
    /// How many characters at the end of `title` are kept whole when it is cut (a file name after
    /// its folders): what comes before them is shortened in its middle. 0: cut at the end.
    public var titleEnd: Int

    public init(title: String, image: TerminalImage? = nil, placeholder: String = "", titleEnd: Int = 0) {
        self.title = title
        self.image = image
        self.placeholder = placeholder
        self.titleEnd = titleEnd
    }
}

/// The collection view: items in rows of cells (a thumbnail over a title line), scrolled by rows
/// so that the selection is always in view, with display events for the items entering and
/// leaving the viewport.
@MainActor public final class GridView {
    public weak var delegate: (any GridViewDelegate)?
    public var cellProvider: ((Int) -> GridCell)?
    public private(set) var itemCount = 0
    public private(set) var selectedIndex = 0
    /// The first row on screen.
    public private(set) var topRow = 0

    private let minimumCellSize: CellSize
    private var layout: GridLayout?
    /// The items in rows, with the headings (`GridRows`): every item ↔ row ↔ line is asked of it.
    private var rows = GridRows(itemCount: 0, columns: 1, sections: [], cellPitch: 1, headingHeight: 1)
    private var sections: [GridSection] = []
    private var displayed: Range<Int> = 0..<0
    private var near: [Int] = []

    /// `minimumCellSize` is a whole cell: the thumbnail area and one title line.
    public init(minimumCellSize: CellSize = .standardGridCell) {
        self.minimumCellSize = minimumCellSize
    }

    /// The image area of one cell for the current layout: the size thumbnails should be rendered at.
    public var thumbnailSize: CellSize { layout?.thumbnailSize ?? .zero }
    public var columns: Int { layout?.columns ?? 1 }
    /// Whole rows of cells that fit when no heading is shown.
    public var visibleRowCount: Int { layout?.visibleRows ?? 0 }

    /// The rows shown whole, headings included, from `topRow` down.
    private var rowsShown: Range<Int> {
        guard let layout, layout.visibleRows > 0 else { return 0..<0 }
        return rows.rowsShown(from: topRow, in: layout.contentLines)
    }

    public var visibleRange: Range<Int> { items(inRows: rowsShown) }

    /// The items that would be shown were `index` selected now (the grid scrolled as selecting it
    /// scrolls): where a jump to it lands, worth preparing while the jump is being asked for.
    public func visibleRange(selecting index: Int) -> Range<Int> {
        guard let layout, layout.visibleRows > 0, (0..<itemCount).contains(index) else { return 0..<0 }
        return items(inRows: rows.rowsShown(from: topRow(showing: rows.row(of: index), in: layout), in: layout.contentLines))
    }

    private func items(inRows shown: Range<Int>) -> Range<Int> {
        let items = shown.map(rows.items(inRow:)).filter { !$0.isEmpty }
        guard let first = items.first, let last = items.last else { return 0..<0 }
        return first.lowerBound..<last.upperBound
    }

    /// True when nothing lies below the viewport (also when there are no items).
    public var isLastRowVisible: Bool {
        guard layout != nil else { return false }
        return rowsShown.upperBound >= rows.rowCount
    }

    // MARK: - Data

    /// Items were appended (or the list was cut short): indices keep their meaning, the selection
    /// stays unless its item is gone.
    public func setItemCount(_ count: Int) {
        // Every frame says the count: the rows are made again only when it changed.
        if max(0, count) != itemCount {
            itemCount = max(0, count)
            rebuildRows()
        }
        let previousSelection = selectedIndex
        selectedIndex = min(selectedIndex, max(0, itemCount - 1))
        clampTopRow()
        publishVisibleItems()
        if selectedIndex != previousSelection { delegate?.gridView(self, didMoveSelectionTo: selectedIndex) }
    }

    /// The headings: each section starts a row, under a line of its own. The selection stays in
    /// view; display events wait for the next change of the items or the layout (the items the
    /// indices name may have changed too, `replaceItems`).
    public func setSections(_ sections: [GridSection]) {
        guard sections != self.sections else { return }
        self.sections = sections
        rebuildRows()
        scrollToSelection()
    }

    /// The items were replaced (a new search): every displayed item ends displaying, the selection
    /// goes back to the first item without a delegate call, and the new visible items are displayed.
    public func reloadItems(count: Int) {
        let previous = displayed
        displayed = 0..<0
        near = []
        for index in previous { delegate?.gridView(self, didEndDisplaying: index) }
        itemCount = max(0, count)
        rebuildRows()
        selectedIndex = 0
        topRow = 0
        publishVisibleItems()
    }

    /// The items changed in place (some left, came or moved): the viewport stays where it was,
    /// item `index` is selected and scrolled into view. No display events are sent, since the
    /// indices no longer name the items they did: the owner displays the returned visible range
    /// itself, and it is what later events are relative to.
    public func replaceItems(count: Int, selecting index: Int) -> Range<Int> {
        itemCount = max(0, count)
        rebuildRows()
        selectedIndex = min(max(0, index), max(0, itemCount - 1))
        clampTopRow()
        scrollToSelection()
        displayed = visibleRange
        near = []
        return displayed
    }

    private func rebuildRows() {
        rows = GridRows(itemCount: itemCount, columns: columns, sections: sections,
                        cellPitch: layout?.cellPitch ?? 1, headingHeight: layout?.headingHeight ?? 1)
    }

    // MARK: - Layout and drawing

    /// Lays the grid out in `rect`, keeping the first visible item near the top and the selection in view.
    public func layout(in rect: Rect) {
        let newLayout = GridLayout(rect: rect, minimumCellSize: minimumCellSize)
        guard newLayout != layout else { return }
        let firstShown = layout == nil ? nil : visibleRange.first
        layout = newLayout
        rebuildRows()
        if let firstShown { topRow = rows.row(of: firstShown) }
        clampTopRow()
        scrollToSelection()
        publishVisibleItems()
    }

    /// The bottom line of a grid that degraded to a list.
    public static let tooSmallHint = "terminal too small"

    /// True when the terminal is too small for one cell and the items are drawn as a list of titles.
    public var isList: Bool { layout?.isList ?? false }

    /// How headings are drawn.
    static let headingStyle: TextStyle = [.bold]

    public func draw(on screen: any Screen) {
        guard let layout else { return }
        if let hint = layout.hintLine {
            screen.put(truncate(Self.tooSmallHint, toWidth: hint.size.columns), at: hint.origin, style: .dim,
                       maxWidth: hint.size.columns)
        }
        let topLine = rows.line(ofRow: topRow)
        if let region = layout.scrollableRegion(firstLine: topLine) { screen.markScrollable(region) }
        var selectedFrame: Rect?
        for row in rowsShown {
            let line = rows.line(ofRow: row) - topLine
            switch rows.row(row) {
            case .heading(let title)?:
                let frame = layout.headingFrame(line: line)
                screen.put(truncate(sanitize(title), toWidth: frame.size.columns), at: frame.origin, style: Self.headingStyle,
                           maxWidth: frame.size.columns)
            case .cells(let items)?:
                for index in items {
                    let frame = layout.cellFrame(column: index - items.lowerBound, line: line)
                    drawCell(cellProvider?(index) ?? GridCell(title: ""), in: frame, selected: index == selectedIndex, on: screen)
                    if index == selectedIndex { selectedFrame = frame }
                }
            case nil: break
            }
        }
        if !layout.isList, let selectedFrame { SelectionFrame.draw(around: selectedFrame, on: screen) }
    }

    private func drawCell(_ cell: GridCell, in frame: Rect, selected: Bool, on screen: any Screen) {
        let thumbnail = Rect(origin: frame.origin, size: thumbnailSize)
        if let image = cell.image, !thumbnail.isEmpty {
            let shown = image.cropped(to: Rect(origin: .zero, size: thumbnail.size))
            let inset = Point(
                row: (thumbnail.size.rows - shown.size.rows) / 2,
                column: (thumbnail.size.columns - shown.size.columns) / 2)
            screen.place(shown, at: thumbnail.origin.offset(rows: inset.row, columns: inset.column))
        } else if !cell.placeholder.isEmpty, thumbnail.size.rows > 0 {
            let text = truncate(sanitize(cell.placeholder), toWidth: thumbnail.size.columns)
            let column = (thumbnail.size.columns - displayWidth(text)) / 2
            screen.put(
                text, at: thumbnail.origin.offset(rows: thumbnail.size.rows / 2, columns: column), style: .dim,
                maxWidth: thumbnail.size.columns - column)
        }
        let titleLine = Rect(origin: frame.origin.offset(rows: thumbnail.size.rows), size: CellSize(columns: frame.size.columns, rows: 1))
        let titleStyle: TextStyle = selected ? .selection : []
        if selected { screen.clear(titleLine, style: titleStyle) }
        screen.put(
            truncate(sanitize(cell.title), toWidth: frame.size.columns, keepingLast: cell.titleEnd), at: titleLine.origin, style: titleStyle,
            maxWidth: frame.size.columns)
    }

    // MARK: - Input

    /// Moves the selection (or opens the selected item) as `move` says; the app's key map decides
    /// which keys mean which move. Up and down go to the same column of the row of cells above or
    /// below, over a heading, or to its last item when it is shorter.
    public func perform(_ move: GridMove) {
        switch move {
        case .left: moveSelection(to: selectedIndex - 1)
        case .right: moveSelection(to: selectedIndex + 1)
        case .up: moveSelection(byRowsOfCells: -1)
        case .down: moveSelection(byRowsOfCells: 1)
        case .pageDown: page(by: 1)
        case .pageUp: page(by: -1)
        case .halfPageDown: page(by: 1, half: true)
        case .halfPageUp: page(by: -1, half: true)
        case .first: moveSelection(to: 0)
        case .last: moveSelection(to: itemCount - 1)
        case .open: if itemCount > 0 { delegate?.gridView(self, didSelect: selectedIndex) }
        }
    }

    /// The mouse wheel scrolls, a click selects, a double click opens. Returns false for a click
    /// on no item.
    public func handle(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(byRows: -1)
        case .wheelDown: scroll(byRows: 1)
        case .press, .doubleClick:
            guard let index = index(at: event.position) else { return false }
            moveSelection(to: index)
            if event.kind == .doubleClick { delegate?.gridView(self, didSelect: index) }
        case .drag, .release: return false
        }
        return true
    }

    /// The item drawn at `point`, if any (none on a heading or a gap).
    public func index(at point: Point) -> Int? {
        guard let layout, let (column, line) = layout.column(at: point) else { return nil }
        let topLine = rows.line(ofRow: topRow)
        let row = rows.row(atLine: topLine + line)
        guard rowsShown.contains(row), topLine + line - rows.line(ofRow: row) < layout.cellSize.rows else { return nil }
        let items = rows.items(inRow: row)
        let index = items.lowerBound + column
        return items.contains(index) ? index : nil
    }

    /// The same column `count` rows of cells up or down (headings stepped over), or the last item
    /// of a shorter row; nothing past the first or last row.
    private func moveSelection(byRowsOfCells count: Int) {
        guard let (row, column) = rows.position(of: selectedIndex) else { return }
        var target: Int? = row
        for _ in 0..<abs(count) { target = target.flatMap { rows.cellsRow(from: $0 + count.signum(), step: count.signum()) } }
        if let target, let index = rows.item(inRow: target, column: column) { moveSelection(to: index) }
    }

    /// Selects item `index` (clamped to the items) and scrolls it into view, telling the delegate
    /// when the selection moved: for jumps the app computes, such as the next page boundary.
    public func select(_ index: Int) {
        moveSelection(to: index)
    }

    /// A screenful (or half) of rows further: the viewport moves by as many rows as it shows, and
    /// the selection with it, to the same column; before the first row, the first row of cells;
    /// past the last, the last item.
    private func page(by direction: Int, half: Bool = false) {
        guard layout != nil, itemCount > 0, let (row, column) = rows.position(of: selectedIndex) else { return }
        let count = max(1, half ? rowsShown.count / 2 : rowsShown.count)
        let target = row + direction * count
        topRow += direction * count
        clampTopRow()
        let index: Int
        if target >= rows.rowCount {
            index = itemCount - 1
        } else {
            let cells = rows.cellsRow(from: max(0, target), step: direction) ?? rows.cellsRow(from: max(0, target), step: -direction) ?? row
            index = rows.item(inRow: cells, column: column) ?? selectedIndex
        }
        moveSelection(to: index, force: true)
    }

    private func scroll(byRows count: Int) {
        guard layout != nil, itemCount > 0, let (row, column) = rows.position(of: selectedIndex) else { return }
        topRow += count
        clampTopRow()
        // The selection follows the viewport: same column, nearest row of cells on screen.
        let shown = rowsShown
        let nearest = min(max(row, shown.lowerBound), shown.upperBound - 1)
        let cells = rows.cellsRow(from: nearest, step: nearest < row ? -1 : 1) ?? rows.cellsRow(from: nearest, step: nearest < row ? 1 : -1) ?? row
        moveSelection(to: rows.item(inRow: cells, column: column) ?? selectedIndex, force: true)
    }

    private func moveSelection(to target: Int, force: Bool = false) {
        guard itemCount > 0 else { return }
        let clamped = min(max(0, target), itemCount - 1)
        guard clamped != selectedIndex || force else { return }
        let moved = clamped != selectedIndex
        selectedIndex = clamped
        scrollToSelection()
        publishVisibleItems()
        if moved { delegate?.gridView(self, didMoveSelectionTo: selectedIndex) }
    }

    // MARK: - Scrolling and display events

    /// The selected row in view: scrolled up to, with its section's heading when it is the
    /// section's first row, or down to, at the bottom.
    private func scrollToSelection() {
        guard let layout, layout.visibleRows > 0, itemCount > 0 else { return }
        topRow = topRow(showing: rows.row(of: selectedIndex), in: layout)
    }

    /// The top row once `row` is in view: scrolled up to, with its section's heading when it is
    /// the section's first row, or down to, at the bottom; the top row as it is when `row` shows.
    private func topRow(showing row: Int, in layout: GridLayout) -> Int {
        var top = topRow
        if row < topRow {
            let heading = row - 1
            if heading >= 0, case .heading? = rows.row(heading), rows.rowsShown(from: heading, in: layout.contentLines).contains(row) {
                top = heading
            } else {
                top = row
            }
        } else if !rowsShown.contains(row) {
            top = rows.firstTopRow(showing: row, in: layout.contentLines)
        }
        return min(max(0, top), rows.lastTopRow(in: layout.contentLines))
    }

    private func clampTopRow() {
        guard let layout else { return }
        topRow = min(max(0, topRow), rows.lastTopRow(in: layout.contentLines))
    }

    /// Tells the delegate about the items that left the viewport, then those that entered it.
    private func publishVisibleItems() {
        let previous = displayed
        let current = visibleRange
        displayed = current
        for index in previous where !current.contains(index) { delegate?.gridView(self, didEndDisplaying: index) }
        for index in current where !previous.contains(index) { delegate?.gridView(self, willDisplay: index) }
        let soon = nearItems
        if soon != near {
            near = soon
            delegate?.gridView(self, willSoonDisplay: soon)
        }
    }

    /// The row of cells below the viewport, then the one above it (either may be none).
    private var nearItems: [Int] {
        let shown = rowsShown
        guard !visibleRange.isEmpty else { return [] }
        let below = rows.cellsRow(from: shown.upperBound, step: 1).map(rows.items(inRow:)) ?? 0..<0
        let above = rows.cellsRow(from: shown.lowerBound - 1, step: -1).map(rows.items(inRow:)) ?? 0..<0
        return Array(below) + Array(above)
    }
}
