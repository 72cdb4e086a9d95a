extension DirectorySource: LocalPhotoSource {
    /// A photo's id is its absolute path.
    public func filePath(of photo: Photo) -> String { photo.id }

    public func renamed(_ photo: Photo, to newName: String) -> Photo {
        let newPath = Self.parent(of: photo.id) + "/" + newName
        // In a recursive listing the title is the path below the folder: only its last part changes.
        let title = photo.displayText.lastIndex(of: "/").map { String(photo.displayText[...$0]) + newName } ?? newName
        listing.rename(photo.id, to: newPath, title: title)
        return Self.photo(atPath: newPath, title: title)
    }

    public func removed(_ photo: Photo) { listing.hide(photo.id, true) }
    public func restored(_ photo: Photo) { listing.hide(photo.id, false) }
}
