/// A list of photos the detail pane can step through with ←/→.
@MainActor
public protocol PhotoNeighbours: AnyObject {
    /// The photo `offset` places from the one with `id`, loading more of the list when needed;
    /// nil past either end or when loading fails.
    func photo(adjacentTo id: String, offset: Int) async -> LibraryItem?
}

extension PhotosViewModel: PhotoNeighbours {}
