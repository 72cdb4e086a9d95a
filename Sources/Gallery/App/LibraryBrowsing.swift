/// What the grid asks of a local library's coordinator: another order, the folder above.
@MainActor protocol LibraryBrowsing: AnyObject {
    /// "by name", for the status bar; nil when the source has no order to change.
    var orderLabel: String? { get }
    /// Shows the same listing in the next order, keeping the item with `id` selected.
    func cycleOrder(selecting id: String?)
    /// Shows the same listing in the same order reversed, keeping the item with `id` selected.
    func reverseOrder(selecting id: String?)
    /// Whether the listing is ordered by a date (modified or taken); nil when the source has no order.
    var isOrderedByDate: Bool? { get }
    /// Shows the same listing by date taken, then jumps to `query` (`t` in a grid by name or size).
    func orderByDate(thenJumpTo query: DateQuery)
    /// "since 1 Jul 2023", for the status bar; nil when every date is shown.
    var dateFilterLabel: String? { get }
    /// Shows the same listing with every date (`--since`, `--until` cleared), keeping the item
    /// with `id` selected; false when no filter was on.
    func clearDateFilter(selecting id: String?) -> Bool
    /// Shows the folder above (or the list this folder was entered from) with this folder
    /// selected; does nothing at the top.
    func goUp()
}
