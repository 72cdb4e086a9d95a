/// A list of photos the detail pane can step through with ←/→.
@MainActor
public protocol PhotoNeighbours: AnyObject {
    /// The photo `offset` places from the one with `id`, loading more of the list when needed;
    /// nil past either end or when loading fails.
    func photo(adjacentTo id: String, offset: Int) async -> LibraryItem?
    /// Where the item with `id` stands in the list, and how long the list is ("12 of 388").
    func place(of id: String) -> (index: Int, count: Int)?
    /// The photo at `index`, else the first after it, else the last before it (folder tiles and
    /// pages not here passed over): where the pane goes when its photo left the list from there.
    func photo(nearest index: Int) -> LibraryItem?
}

extension PhotosViewModel: PhotoNeighbours {
    public func place(of id: String) -> (index: Int, count: Int)? {
        index(ofPhotoID: id).map { ($0, total ?? items.count) }
    }

    public func photo(nearest index: Int) -> LibraryItem? {
        let count = items.count
        let after = index < count ? Array(index..<count) : []
        let before = Array((0..<min(index, count)).reversed())
        return (after + before).lazy.compactMap { self.photo(at: $0) }.first(where: \.isMedia)
    }
}
