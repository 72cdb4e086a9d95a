/// A heading in a grid: a line of its own before item `start`, whose row it begins, so that the
/// section's items never share a row with the items before them ("July 2023 · 42 photos").
public struct GridSection: Equatable, Sendable {
    /// The section's first item.
    public let start: Int
    public let title: String

    public init(start: Int, title: String) {
        self.start = start
        self.title = title
    }
}

/// How a grid's items fall into rows, and where each row is: the one place that maps an item to
/// its row and column, a row to its items or its heading, and a row to the lines it takes.
///
/// The items are cut into runs, each starting a row: a section (its heading row, then its items),
/// or the items before the first heading (folder tiles), which have none. A row of cells takes
/// `cellPitch` lines (the cells and the gap below them), a heading `headingHeight` (its line and
/// the gap where the frame of a selected cell below it is drawn). Lines are counted from the
/// first row's top, so the viewport and the terminal's region scroll (`ScrollableRegion`) are in
/// lines, whatever headings there are. Runs, not rows, are stored: 100,000 items are a few runs.
struct GridRows: Equatable {
    /// What a row shows.
    enum Row: Equatable {
        case heading(String)
        case cells(Range<Int>)
    }

    private struct Run: Equatable {
        let items: Range<Int>
        let title: String?
        let firstRow: Int
        let firstLine: Int
        var headingRows: Int { title == nil ? 0 : 1 }
    }

    let columns: Int
    let itemCount: Int
    let cellPitch: Int
    let headingHeight: Int
    private let runs: [Run]
    let rowCount: Int
    let lineCount: Int

    /// Sections past the items, or not after the one before, are left out.
    init(itemCount: Int, columns: Int, sections: [GridSection], cellPitch: Int, headingHeight: Int) {
        self.columns = max(1, columns)
        self.itemCount = max(0, itemCount)
        self.cellPitch = max(1, cellPitch)
        self.headingHeight = max(1, headingHeight)
        var starts: [(start: Int, title: String?)] = []
        for section in sections where section.start < self.itemCount && section.start >= (starts.last.map { $0.start + 1 } ?? 0) {
            starts.append((section.start, section.title))
        }
        if starts.first?.start != 0 { starts.insert((0, nil), at: 0) }
        var runs: [Run] = []
        var row = 0
        var line = 0
        for (place, start) in starts.enumerated() {
            let end = place + 1 < starts.count ? starts[place + 1].start : self.itemCount
            guard end > start.start else { continue }
            let run = Run(items: start.start..<end, title: start.title, firstRow: row, firstLine: line)
            let cellRows = (run.items.count + self.columns - 1) / self.columns
            row += run.headingRows + cellRows
            line += run.headingRows * self.headingHeight + cellRows * self.cellPitch
            runs.append(run)
        }
        self.runs = runs
        rowCount = row
        lineCount = line
    }

    var hasHeadings: Bool { runs.contains { $0.title != nil } }

    // MARK: Items and rows

    /// The row and column of item `index` (clamped to the items); nil without items.
    func position(of index: Int) -> (row: Int, column: Int)? {
        guard let run = run(containingItem: index) else { return nil }
        let offset = min(max(index, 0), itemCount - 1) - run.items.lowerBound
        return (run.firstRow + run.headingRows + offset / columns, offset % columns)
    }

    func row(of index: Int) -> Int { position(of: index)?.row ?? 0 }

    /// What row `row` shows; nil outside the rows.
    func row(_ row: Int) -> Row? {
        guard (0..<rowCount).contains(row), let run = last(runs, where: { $0.firstRow <= row }) else { return nil }
        let local = row - run.firstRow
        if let title = run.title, local == 0 { return .heading(title) }
        let start = run.items.lowerBound + (local - run.headingRows) * columns
        return .cells(start..<min(run.items.upperBound, start + columns))
    }

    /// The items of row `row`; empty for a heading.
    func items(inRow row: Int) -> Range<Int> {
        if case .cells(let items)? = self.row(row) { return items }
        return 0..<0
    }

    /// Item `column` of row `row`, or its last when the row is shorter; nil for a heading.
    func item(inRow row: Int, column: Int) -> Int? {
        let items = items(inRow: row)
        guard !items.isEmpty else { return nil }
        return min(items.lowerBound + max(0, column), items.upperBound - 1)
    }

    /// The nearest row of cells from `row` on, going `step` (1 or -1) rows at a time; nil past the ends.
    func cellsRow(from row: Int, step: Int) -> Int? {
        var row = row
        while (0..<rowCount).contains(row) {
            if case .cells? = self.row(row) { return row }
            row += step
        }
        return nil
    }

    // MARK: Lines

    /// The first line of row `row`.
    func line(ofRow row: Int) -> Int {
        guard let run = last(runs, where: { $0.firstRow <= row }) else { return 0 }
        let local = row - run.firstRow
        guard local > 0 || run.title == nil else { return run.firstLine }
        return run.firstLine + run.headingRows * headingHeight + (local - run.headingRows) * cellPitch
    }

    func height(ofRow row: Int) -> Int {
        if case .heading? = self.row(row) { return headingHeight }
        return cellPitch
    }

    /// The row at line `line` (clamped to the rows).
    func row(atLine line: Int) -> Int {
        guard let run = last(runs, where: { $0.firstLine <= line }) else { return 0 }
        var local = line - run.firstLine
        if run.title != nil {
            if local < headingHeight { return run.firstRow }
            local -= headingHeight
        }
        return min(rowCount - 1, run.firstRow + run.headingRows + local / cellPitch)
    }

    /// The rows shown whole in `lines` lines with `top` at the top: at least `top` itself.
    func rowsShown(from top: Int, in lines: Int) -> Range<Int> {
        guard rowCount > 0 else { return 0..<0 }
        let top = min(max(0, top), rowCount - 1)
        let end = line(ofRow: top) + lines
        var last = row(atLine: end - 1)
        if line(ofRow: last) + height(ofRow: last) > end { last -= 1 }
        return top..<max(top + 1, last + 1)
    }

    /// The highest top row that shows the last row whole in `lines` lines: where scrolling stops.
    func lastTopRow(in lines: Int) -> Int {
        firstTopRow(showing: rowCount - 1, in: lines)
    }

    /// The highest top row with row `row` shown whole in `lines` lines.
    func firstTopRow(showing row: Int, in lines: Int) -> Int {
        guard rowCount > 0 else { return 0 }
        let topLine = line(ofRow: row) + height(ofRow: row) - lines
        guard topLine > 0 else { return 0 }
        let top = self.row(atLine: topLine)
        return min(row, line(ofRow: top) < topLine ? top + 1 : top)
    }

    // MARK: Runs

    private func run(containingItem index: Int) -> Run? {
        guard itemCount > 0 else { return nil }
        let clamped = min(max(index, 0), itemCount - 1)
        return last(runs, where: { $0.items.lowerBound <= clamped })
    }

    /// The last run for which `isBefore` holds, the runs being ordered so that it holds up to some
    /// run and not after: a binary search.
    private func last(_ runs: [Run], where isBefore: (Run) -> Bool) -> Run? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(runs[middle]) { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? runs[low - 1] : nil
    }
}
