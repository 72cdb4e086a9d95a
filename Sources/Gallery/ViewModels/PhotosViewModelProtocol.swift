public import Observation

/// The photo grid's view model. Outputs are observable; inputs are what the grid view reports.
@MainActor
public protocol PhotosViewModelProtocol: AnyObject, Observable {
    // MARK: Outputs
    /// The grid's items in feed order; nil where a page has not arrived yet (the feed's total is
    /// known and the user jumped past it).
    var items: PhotoSlots { get }
    /// The photos received so far, in page order, without duplicates.
    var photos: [LibraryItem] { get }
    var isLoadingFirstPage: Bool { get }
    var isLoadingMore: Bool { get }
    /// Image state of the photos currently displayed, by photo id.
    var thumbnails: [String: ThumbnailState] { get }
    /// Why the last page request failed, until the next attempt.
    var errorMessage: String? { get }
    /// Transient network news (a retry under way, the API quota left), nil when there is none.
    var notice: String? { get }
    /// A one-line summary for the status bar.
    var statusText: String { get }
    /// The last page has arrived.
    var reachedEnd: Bool { get }
    /// The cell block each thumbnail is rendered into.
    var thumbnailColumns: Int { get }
    var thumbnailRows: Int { get }

    var coordinator: (any PhotosViewModelCoordinating)? { get set }

    // MARK: Inputs
    /// The grid appeared: loads page 1, once however often called.
    func viewDidLoad()
    /// Item `index` scrolled into view: load its thumbnail; the last item asks for the next page.
    func willDisplay(index: Int)
    /// Item `index` scrolled out of view: cancel its load and forget its state (the cache keeps images).
    func didEndDisplaying(index: Int)
    /// The user chose item `index`.
    func didSelect(index: Int)
    /// The user scrolled to the end of the grid.
    func didReachBottom()
    /// The grid's cell size for one thumbnail changed.
    func setThumbnailSize(columns: Int, rows: Int)
    /// Try the failed page and the failed visible thumbnails again; with nothing failed, refresh
    /// the list around the selected item, which stays selected.
    func retry()
    /// Reload the feed from page 1.
    func refresh()
    /// The user asked to search for `query` (ignored when blank).
    func search(_ query: String)
    /// The user left this grid (a results grid going back to the one below).
    func close()
}

extension PhotosViewModelProtocol {
    /// The image state of the photo at `index`, if it is displayed.
    public func thumbnailState(at index: Int) -> ThumbnailState? {
        guard items.indices.contains(index), let photo = items[index] else { return nil }
        return thumbnails[photo.id]
    }
}
