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
    private var displayed: Range<Int> = 0..<0
    private var near: [Int] = []

    /// `minimumCellSize` is a whole cell: the thumbnail area and one title line.
    public init(minimumCellSize: CellSize = .standardGridCell) {
        self.minimumCellSize = minimumCellSize
    }

    /// The image area of one cell for the current layout: the size thumbnails should be rendered at.
    public var thumbnailSize: CellSize { layout?.thumbnailSize ?? .zero }
    public var columns: Int { layout?.columns ?? 1 }
    /// Whole rows of cells that fit.
    public var visibleRowCount: Int { layout?.visibleRows ?? 0 }

    public var visibleRange: Range<Int> {
        guard let layout, layout.visibleRows > 0 else { return 0..<0 }
        let lower = min(itemCount, topRow * layout.columns)
        let upper = min(itemCount, (topRow + layout.visibleRows) * layout.columns)
        return lower..<upper
    }

    /// True when nothing lies below the viewport (also when there are no items).
    public var isLastRowVisible: Bool {
        guard let layout else { return false }
        return topRow + layout.visibleRows >= layout.rowCount(items: itemCount)
    }

    // MARK: - Data

    /// Items were appended (or the list was cut short): indices keep their meaning, the selection
    /// stays unless its item is gone.
    public func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        let previousSelection = selectedIndex
        selectedIndex = min(selectedIndex, max(0, itemCount - 1))
        clampTopRow()
        publishVisibleItems()
        if selectedIndex != previousSelection { delegate?.gridView(self, didMoveSelectionTo: selectedIndex) }
    }

    /// The items were replaced (a new search): every displayed item ends displaying, the selection
    /// goes back to the first item without a delegate call, and the new visible items are displayed.
    public func reloadItems(count: Int) {
        let previous = displayed
        displayed = 0..<0
        near = []
        for index in previous { delegate?.gridView(self, didEndDisplaying: index) }
        itemCount = max(0, count)
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
        selectedIndex = min(max(0, index), max(0, itemCount - 1))
        clampTopRow()
        scrollToSelection()
        displayed = visibleRange
        near = []
        return displayed
    }

    // MARK: - Layout and drawing

    /// Lays the grid out in `rect`, keeping the first visible item near the top and the selection in view.
    public func layout(in rect: Rect) {
        let newLayout = GridLayout(rect: rect, minimumCellSize: minimumCellSize)
        guard newLayout != layout else { return }
        if let old = layout { topRow = topRow * old.columns / newLayout.columns }
        layout = newLayout
        scrollToSelection()
        publishVisibleItems()
    }

    /// The bottom line of a grid that degraded to a list.
    public static let tooSmallHint = "terminal too small"

    /// True when the terminal is too small for one cell and the items are drawn as a list of titles.
    public var isList: Bool { layout?.isList ?? false }

    public func draw(on screen: any Screen) {
        guard let layout else { return }
        if let hint = layout.hintLine {
            screen.put(truncate(Self.tooSmallHint, toWidth: hint.size.columns), at: hint.origin, style: .dim,
                       maxWidth: hint.size.columns)
        }
        if let region = layout.scrollableRegion(topRow: topRow) { screen.markScrollable(region) }
        for index in visibleRange {
            let cell = cellProvider?(index) ?? GridCell(title: "")
            drawCell(cell, in: cellFrame(of: index, in: layout), selected: index == selectedIndex, on: screen)
        }
        if !layout.isList, visibleRange.contains(selectedIndex) {
            SelectionFrame.draw(around: cellFrame(of: selectedIndex, in: layout), on: screen)
        }
    }

    private func cellFrame(of index: Int, in layout: GridLayout) -> Rect {
        layout.cellFrame(column: index % layout.columns, rowOnScreen: index / layout.columns - topRow)
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
    /// which keys mean which move.
    public func perform(_ move: GridMove) {
        let columns = self.columns
        switch move {
        case .left: moveSelection(to: selectedIndex - 1)
        case .right: moveSelection(to: selectedIndex + 1)
        case .up: if selectedIndex >= columns { moveSelection(to: selectedIndex - columns) }
        case .down: moveSelectionDown()
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

    /// The item drawn at `point`, if any.
    public func index(at point: Point) -> Int? {
        guard let layout, let position = layout.cellPosition(at: point) else { return nil }
        let index = (topRow + position.rowOnScreen) * layout.columns + position.column
        return index < itemCount ? index : nil
    }

    private func moveSelectionDown() {
        guard let layout else { return }
        let target = selectedIndex + layout.columns
        if target < itemCount {
            moveSelection(to: target)
        } else if layout.rowCount(items: itemCount) - 1 > selectedIndex / layout.columns {
            moveSelection(to: itemCount - 1)  // the last row is short
        }
    }

    /// Selects item `index` (clamped to the items) and scrolls it into view, telling the delegate
    /// when the selection moved: for jumps the app computes, such as the next page boundary.
    public func select(_ index: Int) {
        moveSelection(to: index)
    }

    private func page(by direction: Int, half: Bool = false) {
        guard let layout, itemCount > 0 else { return }
        let rows = max(1, half ? layout.visibleRows / 2 : layout.visibleRows)
        let step = rows * layout.columns
        var target = selectedIndex + direction * step
        if target < 0 { target = selectedIndex % layout.columns }
        topRow += direction * rows
        clampTopRow()
        moveSelection(to: min(target, itemCount - 1), force: true)
    }

    private func scroll(byRows rows: Int) {
        guard let layout, itemCount > 0 else { return }
        topRow += rows
        clampTopRow()
        // The selection follows the viewport: same column, nearest visible row.
        let row = min(max(selectedIndex / layout.columns, topRow), topRow + layout.visibleRows - 1)
        moveSelection(to: min(row * layout.columns + selectedIndex % layout.columns, itemCount - 1), force: true)
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

    private func scrollToSelection() {
        guard let layout, layout.visibleRows > 0 else { return }
        let row = selectedIndex / layout.columns
        if row < topRow { topRow = row }
        if row >= topRow + layout.visibleRows { topRow = row - layout.visibleRows + 1 }
        clampTopRow()
    }

    private func clampTopRow() {
        guard let layout else { return }
        let lastTop = max(0, layout.rowCount(items: itemCount) - layout.visibleRows)
        topRow = min(max(0, topRow), lastTop)
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

    /// The row below the viewport, then the row above it (either may be none).
    private var nearItems: [Int] {
        guard let layout, !visibleRange.isEmpty else { return [] }
        let below = visibleRange.upperBound..<min(itemCount, visibleRange.upperBound + layout.columns)
        let above = max(0, visibleRange.lowerBound - layout.columns)..<visibleRange.lowerBound
        return Array(below) + Array(above)
    }
}
