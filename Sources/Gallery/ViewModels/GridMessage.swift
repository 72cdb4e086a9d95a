public import Imaging
public import TerminalVocabulary

/// Everything that changes a photo grid's state, as one message to `PhotosViewModel.update(_:)`:
/// what the grid view reports as rows scroll, what the user asks, what the app did to the files,
/// and what background work (a page, a thumbnail, a folder listed again) answered.
public enum GridMessage: Sendable {
    // MARK: The grid view
    /// The grid appeared: page 1 is asked for, once however often this comes.
    case appeared
    /// Item `index` scrolled into view: its thumbnail is shown or made; the last item asks for the
    /// next page, a hole for its page.
    case willDisplay(Int)
    /// Item `index` scrolled out of view: its load stops and its state goes (the cache keeps it).
    case didEndDisplaying(Int)
    /// These items are likely shown next (the rows beside the screen): their thumbnails are made
    /// once nothing on screen is loading.
    case willSoonDisplay([Int])
    /// These items are where the date being typed at `t` lands (`PhotosViewModel.landing(of:)`):
    /// made ahead as the near rows are, so that Enter finds their thumbnails made; none when the
    /// prompt closes or holds no date.
    case prepareLanding([Int])
    /// After a list edit the grid shows `range`: display events by index named other items then,
    /// so what is visible is told again.
    case shownAfterEdit(Range<Int>)
    /// The user scrolled to the end of the grid.
    case reachedBottom
    /// The block of cells each thumbnail is rendered into.
    case thumbnailSize(CellSize)

    // MARK: The user
    /// The selection moved to `index` (keys, the mouse): nothing is waited for any more.
    case select(Int)
    /// Select the item with `id` once the list has it, and item `index` (its place, when known) as
    /// soon as the list is that long: a grid opened on an item, `n` to a page still to come.
    case selectWhenListed(id: String?, index: Int?)
    /// The user chose item `index` (Enter, a click): the coordinator opens it.
    case choose(Int)
    /// Thumbnails crop to fill their cells, or show whole photos (`f`).
    case fit(PictureFit)
    /// Try what failed again (the page, visible thumbnails); with nothing failed, load the list
    /// again around the selection, which stays selected.
    case retry
    /// Load the list again from page 1.
    case refresh
    /// Mark the photo at `index`, or unmark it; a folder is never marked.
    case toggleMark(Int)
    /// Mark the listed photos that were not marked and unmark the others.
    case invertMarks
    /// Search for `query` in a grid of its own (ignored when blank).
    case search(String)
    /// Select the first photo of the span `query` names, else the nearest after it in time
    /// (`t`), by the list's `Timeline`; the status bar says when none is in the span. Before the
    /// first page has come, when it comes.
    case jump(to: DateQuery)
    /// The user left this grid (a results grid going back to the one below).
    case close
    /// Show `text` in the status bar (nil: no sentence) until the next key.
    case note(String?)
    /// The photos below the folder tile `id` were counted (nil: the folder could not be listed).
    case folderCounted(id: String, photosBelow: Int?)
    /// Make sure the page holding item `index` is here or on its way (the detail pane steps
    /// through the list); past the list, the next page.
    case fetch(containing: Int)

    // MARK: The app's own changes to the files
    /// These items left (to the trash): out of the list, their marks and pages still to come.
    case removed(Set<String>)
    /// A removed item came back (restored), at the place it had, or into pages still to come.
    case putBack(LibraryItem, at: Int?)
    /// An item is another now (a renamed file), in the same place and as marked as it was.
    case renamed(LibraryItem, to: LibraryItem)
    /// These photos' labels (rating, flag, colour) changed: each replaces the listed photo of its id.
    case labelled([LibraryItem])

    // MARK: What background work answered
    /// A page asked for with request `request` came, or failed.
    case pageArrived(page: Int, request: Int, Result<PhotoPage, any Error>)
    /// Item `id`'s thumbnail asked for with `request` was made, or failed.
    case thumbnailMade(id: String, request: Int, Result<RenderedPicture, any Error>)
    /// A thumbnail made ahead of being shown is done (in the cache when it worked).
    case prefetched(ThumbnailKey, request: Int)
    /// The folder was listed again after its files changed (`PhotosViewModel.folderDidChange`).
    case folderListed(FolderRelisting)
}

/// A folder listed again, for the grids over it: the pages asked for, the files written since,
/// the marked items no longer listed, and the list it was asked for (a refresh since drops it).
public struct FolderRelisting: Sendable {
    let pages: [Int: PhotoPage]
    let rewritten: Set<String>
    let goneMarks: Set<String>
    let listRequest: Int
}
