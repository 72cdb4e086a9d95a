/// A list of photos the detail pane can step through with ←/→.
@MainActor
public protocol PhotoNeighbours: AnyObject {
    /// The photo `offset` places from the one with `id`, loading more of the list when needed;
    /// nil past either end or when loading fails.
    func photo(adjacentTo id: String, offset: Int) async -> LibraryItem?
    /// Where the item with `id` stands in the list, and how long the list is ("12 of 388").
    func place(of id: String) -> (index: Int, count: Int)?
}

extension PhotosViewModel: PhotoNeighbours {
    public func place(of id: String) -> (index: Int, count: Int)? {
        index(ofPhotoID: id).map { ($0, total ?? items.count) }
    }
}
