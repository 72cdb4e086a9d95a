extension DirectorySource: LocalPhotoSource {
    /// A photo's id is its absolute path, and so is a folder tile's.
    public func filePath(of photo: LibraryItem) -> String { photo.id }

    public func renamed(_ photo: LibraryItem, to newName: String) -> LibraryItem {
        let newPath = Self.parent(of: photo.id) + "/" + newName
        // In a recursive listing the title is the path below the folder: only its last part changes.
        let title = photo.title.lastIndex(of: "/").map { String(photo.title[...$0]) + newName } ?? newName
        listing.rename(photo.id, to: newPath, title: title)
        // A folder's tile is made again from the folder at its new path: its cover is a file inside.
        if let sorted = try? listing.sorted(), let index = sorted.indexByPath[newPath] {
            return self.photo(for: sorted.entries[index])
        }
        return Self.photo(atPath: newPath, title: title)
    }

    public func removed(_ photo: LibraryItem) { listing.hide(photo.id, true) }
    public func restored(_ photo: LibraryItem) { listing.hide(photo.id, false) }
}
