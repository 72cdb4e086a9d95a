/// What the grid asks of a local library's coordinator: another order, the folder above.
@MainActor protocol LibraryBrowsing: AnyObject {
    /// "by name", for the status bar; nil when the source has no order to change.
    var orderLabel: String? { get }
    /// Shows the same listing in the next order, keeping the item with `id` selected.
    func cycleOrder(selecting id: String?)
    /// Shows the same listing in the same order reversed, keeping the item with `id` selected.
    func reverseOrder(selecting id: String?)
    /// Shows the folder above (or the list this folder was entered from) with this folder
    /// selected; does nothing at the top.
    func goUp()
}
